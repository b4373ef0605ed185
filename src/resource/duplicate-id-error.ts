import { HttpError, quote } from '../errors/index';

/**
 * The 409 a repository throws when a create (or a seed record) names an id another record already has.
 *
 * @example
 * throw duplicateIdError(users, 'u1'); // 409 "users "u1" already exists"
 */
export function duplicateIdError(resource: { readonly name: string }, id: unknown): HttpError {
  return new HttpError(409, `${resource.name} ${quote(String(id))} already exists`);
}
