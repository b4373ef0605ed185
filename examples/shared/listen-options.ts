import type { DemoOptions } from './demo-routes';

/** Options of each example's `listen`: the demo's options plus where to listen. */
export interface ListenOptions extends DemoOptions {
  /** Port to listen on (default 0: any free port). */
  readonly port?: number;
  /** Host to listen on (default '127.0.0.1'). */
  readonly host?: string;
}

/** A running example server, whatever its framework. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, closes idle and keep-alive ones, and resolves once the server has closed. */
  close(): Promise<void>;
}

/** The base URL of a server listening on `host:port` (an IPv6 host in brackets). */
export function serverUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * How long an idle keep-alive connection stays open: 72 s, Fastify's default, rather than Node's 5 s. Behind a
 * balancer that reuses its connections to the instances (haproxy drops its idle ones after 5 s), an instance must not
 * close one first: a request the balancer sends as the instance closes it gets no answer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
