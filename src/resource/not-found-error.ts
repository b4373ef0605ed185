import { HttpError, quote } from '../errors/index';

/**
 * The 404 of a record that does not exist, or that lies outside the request's scope: one message for both, so a
 * client cannot tell them apart.
 */
export function notFoundError(resource: { readonly name: string }, id: unknown): HttpError {
  return new HttpError(404, `${resource.name} ${quote(String(id))} not found`);
}
