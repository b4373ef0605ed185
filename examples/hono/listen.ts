import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { DemoOptions } from '../shared/demo-app';
import { answerClientError } from '../shared/client-error';
import { createApp } from './app';

/** Options of `listen`: the demo's options plus where to listen. */
export interface ListenOptions extends DemoOptions {
  /** Port to listen on (default 0: any free port). */
  readonly port?: number;
  /** Host to listen on (default '127.0.0.1'). */
  readonly host?: string;
}

/** A running Hono example. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, closes idle and keep-alive ones, and resolves once the server has closed. */
  close(): Promise<void>;
}

/** Starts the Hono example with `@hono/node-server` on `host:port` and resolves once it is listening. */
export function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const app = createApp(demoOptions);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.on('clientError', answerClientError);
    server.once('error', reject);
  });
}
