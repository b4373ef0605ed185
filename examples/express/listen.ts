import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { clientErrorListener } from 'pagelope/node';
import { KEEP_ALIVE_TIMEOUT_MS, serverUrl, type ListenOptions, type RunningServer } from '../shared/listen-options';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Starts the Express example on `host:port` and resolves once it is listening. */
export function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  return serve(createApp(demoOptions), port, host);
}

/** Serves an Express app on Node's HTTP server on `host:port` (the example's, or the deployment example's). */
export function serve(app: Express, port: number, host: string): Promise<RunningServer> {
  const server = createServer(app);
  // Slow clients cannot hold a connection: the whole request within 30 s, its headers too.
  server.requestTimeout = 30_000;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Requests Node's parser refuses (headers over the limit: 431, a request timeout: 408) get the envelope too.
  server.on('clientError', clientErrorListener());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const bound = (server.address() as AddressInfo).port;
      resolve({
        url: serverUrl(host, bound),
        port: bound,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
