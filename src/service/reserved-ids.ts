import { HttpError } from '../errors/index';
import type { Resource } from '../resource/index';

/** Literal path segments of the routes below `{path}`: an id equal to one would be shadowed by that route. */
const RESERVED_IDS: readonly string[] = Object.freeze(['batch', 'cursor']);

/**
 * @throws HttpError 400 when a client-chosen id (a create body's, on a resource with `clientIds`) is a literal
 * segment of the routes (`batch`, `cursor`): `GET {path}/batch` could never read that record.
 */
export function refuseReservedId(resource: Resource, body: unknown): void {
  if (!resource.clientIds || typeof body !== 'object' || body === null) return;
  const id = (body as Record<string, unknown>)[resource.idField];
  if (typeof id === 'string' && RESERVED_IDS.includes(id))
    throw new HttpError(400, [`${resource.idField}: "${id}" is reserved (a path segment of the routes)`]);
}
