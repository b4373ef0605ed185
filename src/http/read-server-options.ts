import type { MountableRoutes } from './mountable-routes';
import { readPrefix } from './read-prefix';
import { readRouteOptions, type AdapterMounts } from './read-route-options';
import { readErrorReporter, type ErrorReporter } from './reply-to-error';

/** The options of a server wrapper, as given (`FetchHandlerOptions`, `NodeHandlerOptions` of `pagelope/node`). */
interface ServerOptionsInput<TRequest> {
  readonly bodyLimit?: number;
  readonly depthLimit?: number;
  readonly locals?: (request: TRequest) => object | Promise<object>;
  readonly prefix?: string;
}

/** What {@link readServerOptions} checked: the mounts and limits, the prefix (`''` for none), `locals`, the reporter. */
export interface ServerOptions<TRequest> extends AdapterMounts {
  readonly prefix: string;
  readonly locals: ((request: TRequest) => object | Promise<object>) | undefined;
  readonly report: ErrorReporter;
}

/**
 * Checks the routes and options of a server wrapper that answers every request itself (`createFetchHandler`,
 * `createNodeHandler`): `readRouteOptions` with `reportError` and `prefix`, then `readPrefix` and `readErrorReporter`.
 *
 * @throws TypeError, prefixed with `adapter`, as those three do.
 * @example
 * const { mounts, bodyLimit, depthLimit, prefix, locals, report } = readServerOptions('createNodeHandler', routes, options);
 */
export function readServerOptions<TRequest>(
  adapter: string,
  routes: MountableRoutes | readonly MountableRoutes[],
  options: ServerOptionsInput<TRequest>,
): ServerOptions<TRequest> {
  const { mounts, bodyLimit, depthLimit } = readRouteOptions(routes, options, {
    adapter,
    keys: ['reportError', 'prefix'],
  });
  const prefix = readPrefix(adapter, options.prefix);
  return { mounts, bodyLimit, depthLimit, prefix, locals: options.locals, report: readErrorReporter(adapter, options) };
}
