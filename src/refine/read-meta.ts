import type { MetaQuery } from '@refinedev/core';
import type { ClientDeletedMode, RequestOptions } from 'pagelope/client';

/**
 * The list input a refine `meta` carries: `search` text, a `select` list of fields, `include`, `counts` and
 * `deleted`.
 */
export interface MetaListInput {
  readonly search?: string;
  readonly select?: readonly string[];
  readonly include?: readonly string[];
  readonly counts?: readonly string[];
  readonly deleted?: ClientDeletedMode;
}

/**
 * Reads `meta.search` (a string: the resource's `searchable` fields must contain it), `meta.select` (the fields
 * each record holds, the id always among them), `meta.include` (the relations each record embeds) and
 * `meta.counts` (the to-many relations each record counts in `_count`) and `meta.deleted` ({@link metaDeleted}) for
 * the list calls; other `meta` keys are refine's or another provider's and are left alone. Internal to the module.
 *
 * @throws Error for a `search` that is not a string, a `select`, `include` or `counts` that is not an array of
 * strings, or a `deleted` other than `'include'` or `'only'`.
 * @example
 * metaListInput({ search: 'ann', select: ['username'], include: ['author'] });
 * // { search: 'ann', select: ['username'], include: ['author'] }
 */
export function metaListInput(meta: MetaQuery | undefined): MetaListInput {
  if (meta === undefined || meta === null) return {};
  const { search, select } = meta as Record<string, unknown>;
  const input: { search?: string; select?: readonly string[] } = {};
  if (search !== undefined) {
    if (typeof search !== 'string') throw new Error('pagelope/refine: meta.search must be a string');
    input.search = search;
  }
  const names = namesOf(select, 'select', 'field names');
  if (names !== undefined) input.select = names;
  return { ...input, ...metaEmbeds(meta), ...metaDeleted(meta) };
}

/**
 * Reads `meta.deleted` (`'include'` or `'only'`: deleted records too, or only them, from a resource with soft
 * delete whose routes enable the `deleted` option) for `getList` and `getOne`. Internal to the module.
 *
 * @throws Error for a `deleted` other than `'include'` or `'only'`.
 * @example
 * metaDeleted({ deleted: 'only' }); // { deleted: 'only' }
 */
export function metaDeleted(meta: MetaQuery | undefined): { readonly deleted?: ClientDeletedMode } {
  const deleted = (meta as Record<string, unknown> | undefined | null)?.['deleted'];
  if (deleted === undefined) return {};
  if (deleted !== 'include' && deleted !== 'only')
    throw new Error(`pagelope/refine: meta.deleted must be "include" or "only", got ${JSON.stringify(deleted)}`);
  return { deleted };
}

/**
 * Reads `meta.permanent` for `deleteOne`: `true` removes a soft-deleted resource's record (the `DELETE` route must
 * enable its `permanent` option). Internal to the module.
 *
 * @throws Error for a `permanent` that is not a boolean.
 * @example
 * metaPermanent({ permanent: true }); // { permanent: true }
 */
export function metaPermanent(meta: MetaQuery | undefined): { readonly permanent?: true } {
  const permanent = (meta as Record<string, unknown> | undefined | null)?.['permanent'];
  if (permanent === undefined || permanent === false) return {};
  if (permanent !== true) throw new Error('pagelope/refine: meta.permanent must be a boolean');
  return { permanent };
}

/**
 * Reads `meta.include` and `meta.counts` (arrays of relation names) for the calls that read records (`getList`,
 * `getMany`, `getOne`). Internal to the module.
 *
 * @throws Error for an `include` or `counts` that is not an array of strings.
 * @example
 * metaEmbeds({ include: ['author'], counts: ['reviews'] }); // { include: ['author'], counts: ['reviews'] }
 */
export function metaEmbeds(meta: MetaQuery | undefined): {
  readonly include?: readonly string[];
  readonly counts?: readonly string[];
} {
  if (meta === undefined || meta === null) return {};
  const { include, counts } = meta as Record<string, unknown>;
  const embeds: { include?: readonly string[]; counts?: readonly string[] } = {};
  const included = namesOf(include, 'include', 'relation names');
  if (included !== undefined) embeds.include = included;
  const counted = namesOf(counts, 'counts', 'relation names');
  if (counted !== undefined) embeds.counts = counted;
  return embeds;
}

function namesOf(value: unknown, key: string, what: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((name: unknown) => typeof name === 'string')) {
    throw new Error(`pagelope/refine: meta.${key} must be an array of ${what}`);
  }
  return value as readonly string[];
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

/** The total modes `meta.total` may name. */
type MetaTotalMode = 'exact' | 'estimated' | 'none';

/**
 * Reads `meta.total` (`'exact'`, `'estimated'` or `'none'`: the total mode `getList` asks for with `total=`, which
 * the route must list in its `clientTotal` option) for `getList` in `"server"` pagination. Internal to the module.
 *
 * @throws Error for another value.
 * @example
 * metaTotal({ total: 'estimated' }); // { total: 'estimated' }
 */
export function metaTotal(meta: MetaQuery | undefined): { readonly total?: MetaTotalMode } {
  const total = (meta as Record<string, unknown> | undefined | null)?.['total'];
  if (total === undefined) return {};
  if (total !== 'exact' && total !== 'estimated' && total !== 'none')
    throw new Error("pagelope/refine: meta.total must be 'exact', 'estimated' or 'none'");
  return { total };
}
