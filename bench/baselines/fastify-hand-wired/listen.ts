// Benchmark baseline (see app.ts): examples/fastify/listen.ts as of commit e7641d6, unchanged but for import paths.
import type { AddressInfo } from 'node:net';
import { serverUrl, type ListenOptions, type RunningServer } from './listen-options';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Starts the Fastify example on `host:port` and resolves once it is listening. */
export async function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const app = createApp(demoOptions);
  await app.listen({ port, host });
  const bound = (app.server.address() as AddressInfo).port;
  return {
    url: serverUrl(host, bound),
    port: bound,
    close: () => app.close(),
  };
}
