import type { Resource } from '../resource/index';
import { QUERY_LIMITS, type ProblemSink } from '../fields/index';
import { isPositiveIntegerText } from '../internal/index';

function toPositive(raw: unknown, fromText: boolean): number | undefined {
  if (fromText) return typeof raw === 'string' && isPositiveIntegerText(raw) ? Number(raw) : undefined;
  return typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : undefined;
}

/**
 * Resolves `limit`: absent gives `fallback`; above `maxLimit` is clamped or rejected per the resource's policy.
 */
export function resolveLimit(
  raw: unknown,
  fallback: number,
  resource: Resource,
  fromText: boolean,
  problems: ProblemSink,
): number {
  if (raw === undefined) return fallback;
  const limit = toPositive(raw, fromText);
  const { maxLimit, onLimitExceeded } = resource.pagination;
  if (limit === undefined) problems.add('limit must be a positive integer');
  else if (limit > maxLimit) {
    if (onLimitExceeded === 'clamp') return maxLimit;
    problems.add(`limit must be at most ${maxLimit}`);
  } else return limit;
  return fallback;
}

/** Resolves `page`: absent gives 1; a page above {@link QUERY_LIMITS}.maxPage is rejected. */
export function resolvePage(raw: unknown, fromText: boolean, problems: ProblemSink): number {
  if (raw === undefined) return 1;
  const page = toPositive(raw, fromText);
  if (page === undefined) problems.add('page must be a positive integer');
  else if (page > QUERY_LIMITS.maxPage) problems.add(`page must be at most ${QUERY_LIMITS.maxPage}`);
  else return page;
  return 1;
}
