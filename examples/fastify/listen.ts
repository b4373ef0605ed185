import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { serverUrl, type ListenOptions, type RunningServer } from '../shared/listen-options';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Starts the Fastify example on `host:port` and resolves once it is listening. */
export async function listen(options: ListenOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  return serve(createApp(demoOptions), port, host);
}

/** Starts a Fastify app on `host:port` (the example's, or the deployment example's). */
export async function serve(app: FastifyInstance, port: number, host: string): Promise<RunningServer> {
  await app.listen({ port, host });
  const bound = (app.server.address() as AddressInfo).port;
  return {
    url: serverUrl(host, bound),
    port: bound,
    close: () => app.close(),
  };
}
