import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { KEEP_ALIVE_TIMEOUT_MS, serverUrl, type ListenOptions, type RunningServer } from '../shared/listen-options';
import { createApp } from './app';

export type { ListenOptions, RunningServer };

/** Starts the NestJS example on `host:port` (on Express, or on the adapter given) and resolves once it is listening. */
export async function listen(options: ListenOptions = {}, adapter?: AbstractHttpAdapter): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options;
  const app = await createApp(demoOptions, adapter);
  (app.getHttpServer() as Server).keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await app.listen(port, host);
  const bound = ((app.getHttpServer() as Server).address() as AddressInfo).port;
  return {
    url: serverUrl(host, bound),
    port: bound,
    close: () => app.close(),
  };
}
