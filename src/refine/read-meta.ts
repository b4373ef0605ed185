import type { MetaQuery } from '@refinedev/core';
import type { RequestOptions } from 'pagelope/client';

/** The list input a refine `meta` carries: `search` text and a `select` list of fields. */
export interface MetaListInput {
  readonly search?: string;
  readonly select?: readonly string[];
}

/**
 * Reads `meta.search` (a string: the resource's `searchable` fields must contain it) and `meta.select` (the fields
 * each record holds, the id always among them) for the list calls; other `meta` keys are refine's or another
 * provider's and are left alone. Internal to the module.
 *
 * @throws Error for a `search` that is not a string or a `select` that is not an array of strings.
 * @example
 * metaListInput({ search: 'ann', select: ['username'] }); // { search: 'ann', select: ['username'] }
 */
export function metaListInput(meta: MetaQuery | undefined): MetaListInput {
  if (meta === undefined || meta === null) return {};
  const { search, select } = meta as Record<string, unknown>;
  const input: { search?: string; select?: readonly string[] } = {};
  if (search !== undefined) {
    if (typeof search !== 'string') throw new Error('pagelope/refine: meta.search must be a string');
    input.search = search;
  }
  if (select !== undefined) {
    if (!Array.isArray(select) || !select.every((name: unknown) => typeof name === 'string')) {
      throw new Error('pagelope/refine: meta.select must be an array of field names');
    }
    input.select = select as readonly string[];
  }
  return input;
}

/**
 * The client's per-call options from a refine `meta`: the `AbortSignal` of refine's query context, so that refine
 * (TanStack Query) can cancel a query it no longer needs. Internal to the module.
 *
 * @throws never.
 * @example
 * requestOptions(params.meta); // { signal } inside a refine query, else {}
 */
export function requestOptions(meta: MetaQuery | undefined): RequestOptions {
  const signal: unknown = (meta as { queryContext?: { signal?: unknown } } | undefined)?.queryContext?.signal;
  return typeof AbortSignal === 'function' && signal instanceof AbortSignal ? { signal } : {};
}
