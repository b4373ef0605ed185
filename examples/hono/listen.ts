import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { serverUrl, type ListenOptions, type RunningServer } from '../shared/listen-options';
import { answerClientError } from '../shared/client-error';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Starts the Hono example with `@hono/node-server` on `host:port` and resolves once it is listening. */
export function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const app = createApp(demoOptions);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      resolve({
        url: serverUrl(host, info.port),
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
