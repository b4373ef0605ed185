import { createServer } from 'node:http';
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

/** A running Express example. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, closes idle and keep-alive ones, and resolves once the server has closed. */
  close(): Promise<void>;
}

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
        url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
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
