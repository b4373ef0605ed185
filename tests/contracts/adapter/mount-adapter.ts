/** What an adapter test file gives the adapter contract: a function mounting routes on its framework. */
import type { ReportError, ResourceRoutes } from '../../../src/index';

/** A running app built from one adapter. */
export interface MountedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** Options the mount function passes to the adapter. */
export interface MountOptions {
  /** The adapter's `bodyLimit` option. */
  readonly bodyLimit?: number;
  /** The adapter's `depthLimit` option (the deepest nesting of a JSON body). */
  readonly depthLimit?: number;
  /**
   * Serve the routes below this prefix: Express `app.use(prefix, router)`, Hono `app.route(prefix, ...)`, Nest's
   * global prefix, Fastify (whose plugin has no prefix) a `rewriteUrl` that strips it. Default: none.
   */
  readonly prefix?: string;
  /**
   * The adapter's `reportError` option (Express `errorHandler`, Hono `onError`, the Fastify plugin, NestJS
   * `PagelopeModule.forRoot`), where the contract records the 5xx it provokes. Default: the adapter's own logger.
   */
  readonly reportError?: ReportError;
}

/**
 * Builds an app from the adapter alone (no limiter) with `routes`, passing `bodyLimit`, `depthLimit` and `reportError` through and
 * a `locals` option that returns `{ tenant: <the request's x-tenant header, or undefined> }`, listening on 127.0.0.1
 * port 0.
 */
export type MountAdapter = (routes: readonly ResourceRoutes<any>[], options: MountOptions) => Promise<MountedApp>;
