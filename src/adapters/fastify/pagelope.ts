import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ResourceRoutes } from 'pagelope';
import { toMountableRoutes, type OpenApiRouteOptions } from 'pagelope/http';
import { addBodyParsers } from './body-parsers';
import { useCorrelationId } from './correlation-id';
import { handleErrors } from './handle-errors';
import { mountRoutes } from './mount-routes';
import { readAdapterOptions, type AdapterOptionsInput } from '../../http/adapter-options';

/**
 * Options of the {@link pagelope} plugin: `routes` (what `defineRoutes` returned, for one resource or several),
 * `bodyLimit` (bytes, default `DEFAULT_BODY_LIMIT`; a larger body is a 413), `depthLimit` (the deepest nesting of
 * arrays and objects in a JSON body, default `DEFAULT_DEPTH_LIMIT`, 64; deeper is a 400), `openapi` (`{ info, servers?, path? }`:
 * serve the routes' OpenAPI 3.1 document at `GET path`, default `/openapi.json`, HEAD as GET, a 405 with `allow: GET`
 * for another method), `locals` and `reportError`.
 */
export interface PagelopeFastifyOptions extends AdapterOptionsInput<Locals> {
  readonly routes: ResourceRoutes | readonly ResourceRoutes[];
  readonly openapi?: OpenApiRouteOptions | undefined;
  /**
   * What the service's hooks and scopes see as `locals`, from the request (the user an authentication hook set, ...),
   * after its body is parsed; what it throws (or rejects with) is answered with the error envelope.
   */
  readonly locals?: Locals | undefined;
  /**
   * Called once for each 5xx answered, with the error and `{ correlationId, method, path, statusCode }`. Default: the
   * request's logger (`request.log.error`), `console.error` under Fastify's default `logger: false`; `false` for none.
   */
  readonly reportError?: AdapterOptionsInput<Locals>['reportError'];
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
 * @throws TypeError (the app's `ready` rejects) for options `readAdapterOptions` refuses, a path holding `*` (a Fastify
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

function register(app: FastifyInstance, options: PagelopeFastifyOptions, done: (error?: Error) => void): void {
  try {
    const { bodyLimit, depthLimit } = readAdapterOptions('pagelope', options);
    const mounts = toMountableRoutes(options.routes, { name: 'pagelope', openapi: options.openapi });
    for (const item of mounts) {
      const where = 'resource' in item ? '' : 'openapi: ';
      for (const path of item.allow.keys())
        if (path.includes('*'))
          throw new TypeError(`pagelope: ${where}path ${path} holds "*", which Fastify reads as a wildcard`);
    }
    if (app.hasDecorator(REGISTERED))
      throw new TypeError('pagelope: the plugin is registered once per app; pass every resource in one routes array');
    app.decorate(REGISTERED, true);
    const correlationIdOf = useCorrelationId(app);
    addBodyParsers(app, bodyLimit, depthLimit);
    handleErrors(app, { bodyLimit, reportError: options.reportError, correlationIdOf });
    mountRoutes(app, mounts, correlationIdOf, options.locals);
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}
