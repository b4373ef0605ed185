import { Problems } from '../errors/index';
import { resolveSelect } from '../query/index';
import type { Resource } from '../resource/index';

/**
 * Refuses a listing whose `select` names a hidden field, whoever asked for it (a client cannot: the query parser
 * refuses it; server code or a before-hook could). The selection is then checked as the parser checks a client's,
 * so a hidden field gets the message of one that does not exist (`select: "<field>" is not a field`), beside any other
 * problem of the selection. A selection without hidden fields is left to the repository.
 *
 * @throws HttpError 400 with one message per problem of a selection that names a hidden field.
 */
export function refuseHiddenSelect(resource: Resource, query: unknown): void {
  if (resource.hidden.size === 0 || typeof query !== 'object' || query === null) return;
  const select = (query as { readonly select?: unknown }).select;
  if (!Array.isArray(select)) return;
  if (!select.some((field: unknown) => typeof field === 'string' && resource.hidden.has(field))) return;
  const problems = new Problems();
  resolveSelect(select, resource, false, true, problems);
  problems.throwIfAny();
}
