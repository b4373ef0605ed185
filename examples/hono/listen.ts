import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeErrorHandler } from 'pagelope/hono';
import { clientErrorListener } from 'pagelope/node';
import { KEEP_ALIVE_TIMEOUT_MS, serverUrl, type ListenOptions, type RunningServer } from '../shared/listen-options';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Slow clients are cut off: a request (headers and body) must arrive within 30 s. */
const TIMEOUT_MS = 30_000;

/**
 * Starts the Hono example on Node on `host:port` and resolves once it is listening. The server is built with
 * `getRequestListener` rather than `serve()`, which passes no error handler: `nodeErrorHandler` gives the requests
 * `@hono/node-server` refuses before the app (a backslash in the path, an invalid Host, `GET *`) the envelope, and
 * `clientErrorListener` those Node's parser refuses (431 for oversized headers, 408 on timeout).
 */
export function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const listener = getRequestListener(createApp(demoOptions).fetch, { errorHandler: nodeErrorHandler });
  const server = createServer(
    { requestTimeout: TIMEOUT_MS, headersTimeout: TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
    listener,
  );
  server.on('clientError', clientErrorListener());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
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
