import { hasBody } from './body-encoding';
import { readNodeJsonBody, type JsonBody, type NodeBodyDecoder, type NodeBodySource } from './read-node-json-body';
import type { ReadNodeJsonBodyOptions } from './read-node-json-body';

/** A request's JSON body as {@link readBodyEarly} holds it: read (`undefined` for none), or being read. */
export type EarlyBody = JsonBody | Promise<JsonBody | undefined> | undefined;

const BODIES = new WeakMap<object, EarlyBody>();

/**
 * Reads a Node request's JSON body once, before its route is known (NestJS's middleware, so that guards and the app's
 * own routes see it): `readNodeJsonBody` up to `options.limit` (the largest route's, `largestBodyLimit`; each route then
 * checks its own with `routeJsonBody`), not started
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

/** A Fastify content-type parser: the request (its Node request as `raw`), the payload, and the callback. */
type Parse = (request: { readonly raw?: { readonly body?: unknown } }, payload: unknown, done: Done) => void;
type Done = (error: null, body: unknown) => void;

/** The content-type parsers of a Fastify instance, by shape: what {@link handOverEarlyBodies} uses. */
interface ContentTypeParsers {
  hasContentTypeParser(contentType: string): boolean;
  removeContentTypeParser(contentType: string): unknown;
  addContentTypeParser(contentType: string, parse: Parse): unknown;
}

/**
 * On a Fastify instance (recognised by shape; anything else is left alone), hands the bodies {@link readBodyEarly}
 * read to the routes: its JSON parser is removed (the body is read already) and a catch-all parser, unless the app
 * has one, gives each request the `req.body` of its Node request.
 *
 * @example
 * handOverEarlyBodies(app.getHttpAdapter().getInstance());
 */
export function handOverEarlyBodies(instance: unknown): void {
  const parsers = instance as Partial<ContentTypeParsers> | null | undefined;
  if (typeof parsers?.addContentTypeParser !== 'function') return;
  if (parsers.hasContentTypeParser!('application/json')) parsers.removeContentTypeParser!('application/json');
  if (!parsers.hasContentTypeParser!('*'))
    parsers.addContentTypeParser('*', (request, _, done) => done(null, request.raw?.body));
}
