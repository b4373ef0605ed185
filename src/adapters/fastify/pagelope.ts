import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Resource, ResourceRoutes } from 'pagelope';
import { createEdge, handleExchange, methodNotAllowedError, splitUrl, unsupportedMediaTypeError } from 'pagelope/http';
import { isJsonContentType } from '../../http/json-body';
import { readAdapterSetup, type AdapterSetupInput } from '../../http/read-adapter-setup';
import { responseSchemaOf } from '../../http/response-schema-of';
import { handleRequests, MOUNTED } from './handle-requests';

/**
 * Options of the {@link pagelope} plugin: `routes` (what `defineRoutes` returned, for one resource or several),
 * `bodyLimit` (bytes, default `DEFAULT_BODY_LIMIT`; a larger body is a 413), `depthLimit` (the deepest nesting of
 * arrays and objects in a JSON body, default `DEFAULT_DEPTH_LIMIT`, 64; deeper is a 400), `openapi` (`{ info, servers?, path? }`:
 * serve the routes' OpenAPI 3.1 document at `GET path`, default `/openapi.json`, HEAD as GET, a 405 with `allow: GET`
 * for another method), `locals` (what the service's hooks and scopes see as `locals`, from the request and its reply,
 * after the body is parsed; what it throws or rejects with is answered with the error envelope) and `reportError`
 * (called once for each 5xx answered, with the error and `{ correlationId, method, path, statusCode }`; default: the
 * request's logger, `request.log.error`, or `console.error` under Fastify's default `logger: false`; `false` for none).
 */
export interface PagelopeFastifyOptions extends AdapterSetupInput<Locals> {
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
}

/**
 * The pagelope plugin for Fastify 5: `app.register(pagelope, { routes, bodyLimit?, depthLimit?, ... })`
 * mounts every route of one or more resources (`defineRoutes`) with response schemas for Fastify's serializer, and
 * their OpenAPI document as one more route. It applies to the whole app, as if wrapped in `fastify-plugin`:
 * - the correlation id is the app's request id (`genReqId`), set on every response by an `onRequest` hook;
 * - `application/json` and `application/*+json` bodies (also gzip or deflate) up to `bodyLimit` bytes are parsed from
 *   their text, so the service's own checks of keys such as `__proto__` answer; any other body is a 415;
 * - the error and not-found handlers and the requests Fastify refuses while routing (a malformed path: 400; a
 *   parameter over `maxParamLength`: 414) answer with the error envelope, Fastify's body errors as 413, 415 and 400;
 * - every other method on a route's path is a 405 with `allow`; each 5xx is reported once to `reportError`.
 * Register it first, so its hook runs before the app's own (a limiter's 429 becomes the envelope, `retry-after` kept).
 *
 * @throws TypeError (the app's `ready` rejects) for options `readAdapterSetup` refuses, a path holding `*` (a Fastify
 * wildcard), or a second registration on the same app.
 * @example
 * const app = Fastify({ clientErrorHandler: clientErrorListener(), requestTimeout: 30_000 });
 * app.register(pagelope, {
 *   routes: defineRoutes(users),
 *   locals: (request) => ({ user: request.headers['x-user'] }),
 *   openapi: { info: { title: 'Users API', version: '1.0.0' } },
 * });
 */
export const pagelope: FastifyPluginCallback<PagelopeFastifyOptions> = Object.assign(register, {
  // What `fastify-plugin` sets: the plugin decorates the instance it is registered on, not a child of it.
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'pagelope',
  [Symbol.for('plugin-meta')]: { name: 'pagelope', fastify: '5.x' },
});

/** The plugin's `locals` option. */
type Locals = (request: FastifyRequest, reply: FastifyReply) => object | Promise<object>;

/** The decoration that marks an app the plugin is registered on. */
const REGISTERED = Symbol.for('pagelope.registered');

/** A path holding `*`, which Fastify reads as a wildcard. */
const refusePath = (path: string) =>
  path.includes('*') ? `path ${path} holds "*", which Fastify reads as a wildcard` : undefined;

/**
 * Checks the options, sets up what applies to every request (`handleRequests`), then registers each route
 * of every item (a resource's routes, the OpenAPI document's) as a Fastify route run by the edge, with its response
 * schema and its own `bodyLimit`, and on each path a 405 route for every other method the app supports (HEAD goes
 * with GET while the app exposes head routes). A failure rejects, so the app's `ready` does.
 */
async function register(app: FastifyInstance, options: PagelopeFastifyOptions): Promise<void> {
  const { mounts, locals, ...checked } = readAdapterSetup('pagelope', options, { refusePath });
  if (app.hasDecorator(REGISTERED))
    throw new TypeError('pagelope: the plugin is registered once per app; pass every resource in one routes array');
  app.decorate(REGISTERED, true);
  const correlationIdOf = handleRequests(app, { ...checked, locals });
  const edge = createEdge<FastifyReply>(mounts, {
    ...checked,
    // Fastify and the parsers of `handleRequests` read the body before the handler (with the route's limits); a body
    // another parser of the app took (one added after the plugin's) is still not JSON: the 415.
    readBody: ({ request }) => {
      if (request.body !== undefined && !isJsonContentType(request.headers['content-type']))
        throw unsupportedMediaTypeError();
      return request.body;
    },
    locals: locals && ((reply) => locals(reply.request, reply)),
    // `reply` is a thenable settled when the response is: the handler's promise adopts it, as Fastify asks.
    write: (reply, result) => reply.code(result.status).headers(result.headers).send(result.body),
  });
  const headWithGet = (app.initialConfig as { readonly exposeHeadRoutes?: boolean }).exposeHeadRoutes !== false;
  for (const item of mounts) {
    // The document's route (no `resource`) has no response schema and, as before it was a route, runs no `locals`.
    const resource = 'resource' in item ? (item.resource as Resource) : undefined;
    for (const [url, allow] of item.allow) {
      const routes = item.routes.filter(({ path }) => path === url);
      for (const route of routes) {
        const schema = resource && { response: responseSchemaOf(route, resource) };
        const config: object = { [MOUNTED]: { route } };
        const handler = (request: FastifyRequest, reply: FastifyReply) => {
          // As the client sent it: with `rewriteUrl`, `raw.url` is the rewritten URL and `originalUrl` the received.
          const { path, query: sent } = splitUrl(request.originalUrl);
          const query = request.raw.url === request.originalUrl ? sent : splitUrl(request.raw.url ?? '').query;
          const { id } = request.params as { readonly id?: string };
          const correlationId = correlationIdOf(request, reply);
          const { method, headers } = request;
          return handleExchange(edge, { method, path, query, headers, correlationId, raw: reply, route, id });
        };
        app.route({ method: route.method, url, schema, bodyLimit: route.bodyLimit, config, handler });
      }
      const taken: string[] = routes.map(({ method }) => method);
      if (headWithGet && taken.includes('GET')) taken.push('HEAD');
      const method = app.supportedMethods.filter((each) => !taken.includes(each));
      const config: object = { [MOUNTED]: { allow } };
      const handler = (request: FastifyRequest) => Promise.reject(methodNotAllowedError(request.method, allow));
      if (method.length > 0) app.route({ method, url, exposeHeadRoute: false, config, handler });
    }
  }
}
