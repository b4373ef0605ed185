import { hasBody, readsJsonBody } from './body-encoding';
import { parseJsonBody } from './json-body';
import { readNodeJsonBody, type JsonBody, type NodeBodyDecoder, type NodeBodySource } from './read-node-json-body';
import type { ReadNodeJsonBodyOptions } from './read-node-json-body';
import { bodyTooLargeError } from './route-errors';

/** A request's JSON body as {@link readBodyEarly} holds it: read (`undefined` for none), or being read. */
export type EarlyBody = JsonBody | Promise<JsonBody | undefined> | undefined;

const BODIES = new WeakMap<object, EarlyBody>();

/**
 * Reads a Node request's JSON body once, before its route is known (NestJS's middleware, so that guards and the app's
 * own routes see it): `readNodeJsonBody` up to `options.limit` (the largest route's, `largestBodyLimit`), not started
 * for a request without a body (`hasBody`); once read, the value is also `req.body`, where a framework's own handlers
 * look for it (Express's `@Body()`). A later call gives the body, or its reading until it is done. A failure is
 * answered where the reading is awaited, nowhere else.
 *
 * @example
 * const body = readBodyEarly(req, { limit: largestBodyLimit(mounts, bodyLimit), depthLimit, decoders });
 */
export function readBodyEarly<TDecoder extends NodeBodyDecoder>(
  req: NodeBodySource<NoInfer<TDecoder>>,
  options: ReadNodeJsonBodyOptions<TDecoder>,
): EarlyBody {
  if (BODIES.has(req) || !hasBody(req.headers)) return BODIES.get(req);
  const reading = readNodeJsonBody(req, options).then((body) => {
    BODIES.set(req, body);
    if (body !== undefined) (req as { body?: unknown }).body = body.value;
    return body;
  });
  reading.catch(() => undefined);
  BODIES.set(req, reading);
  return reading;
}

/**
 * A route's body from what {@link readBodyEarly} read (reading it now for a request it did not meet): over the route's
 * `limit`, the 413 of `bodyTooLargeError`; without a body, a JSON content type is a 400 (`Malformed JSON body`) and
 * another a 415 (`readsJsonBody`).
 *
 * @example
 * const body = await routeBodyEarly(req, routeBodyLimit(route, bodyLimit), readOptions);
 */
export function routeBodyEarly<TDecoder extends NodeBodyDecoder>(
  req: NodeBodySource<NoInfer<TDecoder>>,
  limit: number,
  options: ReadNodeJsonBodyOptions<TDecoder>,
): unknown {
  const body = readBodyEarly(req, options);
  return body instanceof Promise ? body.then((read) => withinLimit(req, read, limit)) : withinLimit(req, body, limit);
}

function withinLimit(req: NodeBodySource, read: JsonBody | undefined, limit: number): unknown {
  if ((read?.size ?? 0) > limit) throw bodyTooLargeError(limit);
  if (read !== undefined) return read.value;
  const headers = req.headers as { readonly 'content-type'?: string };
  return readsJsonBody(headers) ? parseJsonBody('', headers['content-type']) : undefined;
}
