import { baseResource, type Resource } from '../../resource/index';
import { Problems } from '../../errors/index';
import type { TotalMode } from '../../pagination/index';
import { recall, remember } from './normalized-query';
import { queryWith } from './query-with';
import { resolveTotal } from './resolve-total';

/** The total options {@link withTotal} sets. */
export interface TotalChoice {
  readonly total?: TotalMode | undefined;
  readonly totalThreshold?: number | undefined;
}

/**
 * The list query `query` (a `ListQuery`, or programmatic input) with the total mode and threshold of `choice` (a route's, or the client's choice among
 * them): a query `parseListQuery` returned stays one the repositories take without parsing it again; any other
 * input gets the two keys, for the repository to validate. In `'exact'` mode the query is returned as it is.
 *
 * @throws TypeError when `choice` holds an invalid mode or threshold (a server fault: routes check their options).
 */
export function withTotal<TQuery extends object>(
  query: TQuery,
  resource: Resource,
  choice: TotalChoice,
): TQuery & TotalChoice {
  const problems = new Problems();
  const totals = resolveTotal(choice.total, choice.totalThreshold, problems);
  if (!problems.empty) throw new TypeError(`invalid total options: ${problems.messages.join('; ')}`);
  if (totals.total === undefined) return query;
  const base = baseResource(resource);
  const known = recall(query, base, 'page');
  const next = Object.assign({}, query, totals);
  if (known === undefined) return Object.freeze(next);
  return remember(next, queryWith(known, totals), base, 'page') as TQuery & TotalChoice;
}
