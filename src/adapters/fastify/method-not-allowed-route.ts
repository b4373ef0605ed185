import type { FastifyInstance, HTTPMethods } from 'fastify';
import { methodNotAllowedError } from 'pagelope/http';
import { methodNotAllowedConfig } from './route-config';

/**
 * Registers the 405 route of a path: every method the app supports that the path's own routes do not take (HEAD
 * counts as taken with GET while the app exposes head routes) throws `methodNotAllowedError` with `allow`. Its body is
 * never parsed. Internal to the adapter.
 *
 * @example
 * routeMethodNotAllowed(app, '/users', 'GET, POST', ['GET', 'POST']);
 */
export function routeMethodNotAllowed(
  app: FastifyInstance,
  url: string,
  allow: string,
  methods: Iterable<string>,
): void {
  const taken = new Set(methods);
  const headWithGet = (app.initialConfig as { readonly exposeHeadRoutes?: boolean }).exposeHeadRoutes !== false;
  if (headWithGet && taken.has('GET')) taken.add('HEAD');
  const others = app.supportedMethods.filter((method) => !taken.has(method)) as HTTPMethods[];
  if (others.length === 0) return;
  app.route({
    method: others,
    url,
    exposeHeadRoute: false,
    config: methodNotAllowedConfig(allow),
    handler: async (request) => {
      throw methodNotAllowedError(request.method, allow);
    },
  });
}
