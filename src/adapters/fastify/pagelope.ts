import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorReportingOptions, ResourceRoutes } from 'pagelope';
import { readAdapterOptions, type OpenApiRouteOptions } from 'pagelope/http';
import { addBodyParsers } from './body-parsers';
import { useCorrelationId } from './correlation-id';
import { handleErrors } from './handle-errors';
import { mountRoutes } from './mount-routes';

/** Options of the {@link pagelope} plugin. */
export interface PagelopeFastifyOptions extends ErrorReportingOptions {
  /** What `defineRoutes` returned, for one resource or several. */
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  /** Largest JSON body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number;
  /**
   * What the service's hooks and scopes see as `locals`, from the request: for example the user an authentication hook
   * put on it. Runs for every request of a pagelope route, after its body is parsed; what it throws (or rejects with)
   * is answered with the error envelope.
   */
  readonly locals?: (request: FastifyRequest, reply: FastifyReply) => object | Promise<object>;
  /**
   * Serve the routes' OpenAPI 3.1 document (`toOpenApi`): `{ info, servers?, path? }`. `GET path` (default
   * `/openapi.json`) answers it as `application/json; charset=utf-8`, HEAD as GET; another method there is a 405 with
   * `allow: GET`. The document is built once, when the plugin is registered.
   */
  readonly openapi?: OpenApiRouteOptions;
  /**
   * Called once for each 5xx the plugin answers (the masked 500, a 503 of an unavailable database, ...), with the
   * error thrown and `{ correlationId, method, path, statusCode }`; never for a 4xx. Default: the request's logger,
   * `request.log.error({ err, correlationId, method, path, statusCode }, message)`, or `console.error` when the app
   * has none (Fastify's default `logger: false`); `false` reports nothing. What it throws never reaches the client
   * (the default reports the error instead).
   */
  readonly reportError?: ErrorReportingOptions['reportError'];
}

/**
 * The pagelope plugin for Fastify 5: `app.register(pagelope, { routes, bodyLimit?, locals?, openapi? })` mounts every
 * route of one or more resources (`defineRoutes`) with response schemas for Fastify's serializer, and, with `openapi`,
 * their OpenAPI document (`GET /openapi.json` unless its `path` says otherwise). It applies to the whole app, as if
 * wrapped in `fastify-plugin`:
 * - the correlation id is the app's request id (`genReqId`), resolved before anything else, and an `onRequest` hook
 *   sets it on every response (the app's own routes included);
 * - the app's content-type parsers become pagelope's: `application/json` and `application/*+json` bodies up to
 *   `bodyLimit` bytes, parsed from their text (so the service's checks of `__proto__`, `constructor` and `prototype`
 *   keys answer, not Fastify's); a body of any other type, or of none, is a 415;
 * - the error handler, the not-found handler (404 `Cannot GET /path`) and the requests Fastify refuses while routing
 *   (a malformed path: 400; a parameter over `maxParamLength`: 414) answer with `errorResponse`'s envelope, Fastify's
 *   own body errors translated to the messages every adapter gives (413, 415, 400 `Malformed JSON body`);
 * - every other method on a resource path is a 405 with `allow` (`{path}/cursor` never falls through to `{path}/:id`);
 * - each 5xx those handlers answer is reported once, with the original error and the correlation id the client
 *   received, to `reportError`, by default the request's logger (`request.log.error`; `console.error` under Fastify's
 *   default `logger: false`); `reportError: false` for none.
 *
 * Register it first, so that its hook runs before the app's own (a rate limiter's rejection thrown as a 429
 * `TooManyRequestsError` becomes the envelope with its `retry-after`); an error or not-found handler the app sets on
 * the same instance replaces the plugin's.
 *
 * @throws TypeError (the app's `ready` rejects) for `routes` that are not `defineRoutes`' result, a `bodyLimit` that is
 * not a positive integer, a `locals` that is not a function, a `reportError` that is neither a function nor `false`, a
 * resource path with `*` (a Fastify wildcard), a bad
 * `openapi` option (see `toOpenApiRoute`; a path with `*` too), or a second registration on the same app.
 * @example
 * const app = Fastify({ clientErrorHandler: clientErrorListener(), requestTimeout: 30_000 });
 * app.register(pagelope, {
 *   routes: defineRoutes(users),
 *   locals: (request) => ({ user: request.headers['x-user'] }),
 *   openapi: { info: { title: 'Users API', version: '1.0.0' } },
 * });
 * app.get('/health', async () => ({ ok: true }));
 */
export const pagelope: FastifyPluginCallback<PagelopeFastifyOptions> = Object.assign(register, {
  // What `fastify-plugin` sets: the plugin decorates the instance it is registered on, not a child of it.
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'pagelope',
  [Symbol.for('plugin-meta')]: { name: 'pagelope', fastify: '5.x' },
});

/** The decoration that marks an app the plugin is registered on. */
const REGISTERED = Symbol.for('pagelope.registered');

function register(app: FastifyInstance, options: PagelopeFastifyOptions, done: (error?: Error) => void): void {
  try {
    const { mounts, bodyLimit } = readAdapterOptions('pagelope', options);
    for (const item of mounts) {
      for (const path of item.allow.keys()) {
        const where = 'resource' in item ? '' : 'openapi: ';
        if (path.includes('*'))
          throw new TypeError(`pagelope: ${where}path ${path} holds "*", which Fastify reads as a wildcard`);
      }
    }
    if (app.hasDecorator(REGISTERED))
      throw new TypeError('pagelope: the plugin is registered once per app; pass every resource in one routes array');
    app.decorate(REGISTERED, true);
    const correlationIdOf = useCorrelationId(app);
    addBodyParsers(app, bodyLimit);
    handleErrors(app, { bodyLimit, reportError: options.reportError, correlationIdOf });
    mountRoutes(app, mounts, correlationIdOf, options.locals);
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}
