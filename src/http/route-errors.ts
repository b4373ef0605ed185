import { HttpError } from '../errors/index';

const clean = (text: string, max: number): string =>
  String(text)
    .slice(0, max)
    .replace(/[\u0000-\u001f\u007f]/g, '?');

/** The 404 of a request no route matches: `Cannot GET /path` (the path cut to 200 characters). */
export function routeNotFoundError(method: string, path: string): HttpError {
  return new HttpError(404, `Cannot ${clean(method, 16)} ${clean(path, 200)}`);
}

/** The 405 of a known path asked with another method, carrying the `allow` header of the methods it takes. */
export function methodNotAllowedError(method: string, allow: string): HttpError {
  return new HttpError(405, `Method ${clean(method, 16)} is not allowed here`, { headers: { allow } });
}

/** The 413 of a request body over the adapter's `bodyLimit`. */
export function bodyTooLargeError(limit: number): HttpError {
  return new HttpError(413, `Request body is larger than ${limit} bytes`);
}

/** The 415 of a request body that is not sent as JSON (`parseJsonBody` throws the same). */
export function unsupportedMediaTypeError(): HttpError {
  return new HttpError(415, 'Content-Type must be application/json');
}
