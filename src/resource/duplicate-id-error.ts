import { HttpError } from '../errors/index';

/**
 * The 409 a repository throws when a create (or a seed record) names an id another record already has. The message
 * names no id, and is the same whoever holds it: the record may lie in another tenant's scope, which the caller must
 * neither read nor learn of (`id` is kept for callers that pass it).
 *
 * @example
 * throw duplicateIdError(users, 'u1'); // 409 "users: the id is taken"
 */
export function duplicateIdError(resource: { readonly name: string }, id?: unknown): HttpError {
  void id;
  return new HttpError(409, `${resource.name}: the id is taken`);
}
