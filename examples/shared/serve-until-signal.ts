import type { ListenOptions, RunningServer } from './listen-options';

/**
 * Starts an example with `listen` on `$PORT` (default 3000), says where, and closes it on SIGINT or SIGTERM: what
 * each example's `server.ts` does.
 */
export async function serveUntilSignal(
  name: string,
  listen: (options: ListenOptions) => Promise<RunningServer>,
): Promise<RunningServer> {
  const port = Number(process.env['PORT'] ?? 3000);
  const server = await listen({ port });
  console.log(`${name} example listening on ${server.url}`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}
