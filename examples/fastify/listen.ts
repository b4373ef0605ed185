import type { AddressInfo } from 'node:net';
import type { DemoOptions } from '../shared/demo-app';
import { createApp } from './app';

/** Options of `listen`: the demo's options plus where to listen. */
export interface ListenOptions extends DemoOptions {
  /** Port to listen on (default 0: any free port). */
  readonly port?: number;
  /** Host to listen on (default '127.0.0.1'). */
  readonly host?: string;
}

/** A running Fastify example. */
export interface RunningServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, closes idle keep-alive ones, and resolves once the server has closed. */
  close(): Promise<void>;
}

/** Starts the Fastify example on `host:port` and resolves once it is listening. */
export async function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const app = createApp(demoOptions);
  await app.listen({ port, host });
  const bound = (app.server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () => app.close(),
  };
}
