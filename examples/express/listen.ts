import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serverUrl, type ListenOptions, type RunningServer } from '../shared/listen-options';
import { answerClientError } from '../shared/client-error';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Starts the Express example on `host:port` and resolves once it is listening. */
export function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const server = createServer(createApp(demoOptions));
  server.on('clientError', answerClientError);
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
