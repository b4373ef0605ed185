import { badRequest, type HttpError } from '../errors/index';

/**
 * The 400 of a record created without an id where the store makes none (an integer id field without a
 * `generateId`): `<idField>: the id is required`.
 */
export function missingIdError(resource: { readonly idField: string }): HttpError {
  return badRequest([`${resource.idField}: the id is required`]);
}
