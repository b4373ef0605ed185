/** The example servers the HTTP contract starts: their types, and one started around a describe block. */
import { afterAll, beforeAll } from 'vitest';
import type { DemoOptions } from '../../../examples/shared/demo-routes';

/** A running example server. */
export interface StartedServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts one framework's example on 127.0.0.1, port 0. */
export type StartServer = (options: DemoOptions & { readonly port?: number }) => Promise<StartedServer>;

/** The server {@link serveExample} starts: its URL, once the enclosing describe block's `beforeAll` has run. */
export interface ServedExample {
  readonly url: string;
}

/** Starts the example with `options` before the enclosing describe block's tests, and closes it after them. */
export function serveExample(start: StartServer, options: Parameters<StartServer>[0]): ServedExample {
  let server: StartedServer;
  beforeAll(async () => {
    server = await start(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      return server.url;
    },
  };
}
