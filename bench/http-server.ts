/**
 * A W3 server in its own process: `node --import tsx bench/http-server.ts <kind> <records>`, where kind is
 * - `pagelope:<framework>`: the framework's adapter app (bench/adapter-apps.ts: the adapter's minimal wiring of the
 *   examples' `users` routes, no rate limiter) on a repository of the bench records, checked at start-up to answer
 *   W3's queries with the body of its framework's floor;
 * - `floor:<framework>`: a bare route of that framework answering a page computed at start-up (bench/http-floors.ts);
 * - `example:<framework>`: the framework's whole example (`examples/<framework>/listen.ts`: its rate limiter, `/docs`,
 *   `/audit`, the OpenAPI document), given a repository of the bench records and a rate limit no run reaches;
 * - `hand-wired`: the Fastify example as it was before the adapters (bench/baselines/fastify-hand-wired), set up as
 *   the adapter examples are;
 * - `naive`: a Fastify route doing filter + sort + slice per request;
 * - `json-server`: json-server 0.17 as its CLI runs it, with `--quiet`.
 * Prints `{"url": ...}` once listening, then `{"cpu": µs}` for each `cpu` line read on stdin; exits on SIGTERM or
 * when its stdin closes (the parent is gone).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { createMemoryRepository, type Repository } from 'pagelope';
import { users, type User } from '../examples/shared/users';
import { startAdapterApp } from './adapter-apps';
import { benchUsers } from './data';
import { assertSamePage, floorPages, naivePage } from './floor-pages';
import { FRAMEWORKS, startFloor, type Framework, type Started } from './http-floors';
import { HTTP_Q1, HTTP_SORTED } from './queries';

const require = createRequire(import.meta.url);

/** The options W3 gives every example's `listen` (and the baseline's): the only part of it the bench relies on. */
interface ListenOptions {
  readonly port: number;
  readonly host: string;
  readonly seedRecords: number;
  readonly rateLimitMax: number;
  readonly repository: Repository<User>;
}
type Listen = (options: ListenOptions) => Promise<Started>;

const [kind = '', recordsArg = ''] = process.argv.slice(2);
const count = Number(recordsArg);
if (!Number.isSafeInteger(count) || count < 1) throw new Error(`records must be a positive integer, got ${recordsArg}`);

/** Every server holds the same records (seedUsers with shuffled createdAt values): see bench/data.ts. */
const records = (): User[] => benchUsers(count).records;

/** Starts an example's (or the baseline's) `listen` on a repository of the bench records. */
async function listenOn(module: string): Promise<Started> {
  const { listen } = (await import(module)) as { listen: Listen };
  const repository = createMemoryRepository(users, { records: records() });
  return listen({ port: 0, host: '127.0.0.1', seedRecords: count, rateLimitMax: 1_000_000_000, repository });
}

async function naiveServer(): Promise<Started> {
  const { default: Fastify } = await import('fastify');
  const data = records();
  const app = Fastify({ logger: false });
  app.get('/users', async (request) => naivePage(data, request.query as Readonly<Record<string, string>>));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** json-server 0.17 as `json-server --quiet db.json` runs it: its default middlewares, then its router over the
 * records as loaded from JSON (dates as ISO strings). */
function jsonServer(): Promise<Started> {
  const server = require('json-server') as {
    create(): {
      use(...handlers: unknown[]): void;
      listen(port: number, host: string, done: () => void): import('node:http').Server;
    };
    defaults(options: { logger: boolean }): unknown[];
    router(db: unknown): unknown;
  };
  const data = JSON.parse(JSON.stringify(records())) as unknown[];
  const app = server.create();
  app.use(server.defaults({ logger: false }));
  app.use(server.router({ users: data }));
  return new Promise((resolve) => {
    const http = app.listen(0, '127.0.0.1', () => {
      const { port } = http.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            http.close(() => done());
            http.closeAllConnections();
          }),
      });
    });
  });
}

function frameworkOf(name: string): Framework {
  if (!(FRAMEWORKS as readonly string[]).includes(name)) throw new Error(`unknown framework "${name}"`);
  return name as Framework;
}

/**
 * Starts an adapter app (bench/adapter-apps.ts) on a repository of the bench records, then checks that it answers
 * W3's queries with the very body the floor of its framework sends (the floor's pages are computed here as the floor
 * computes them); a server that does not is stopped and the run fails.
 */
async function adapterApp(framework: Framework): Promise<Started> {
  const data = records();
  const started = await startAdapterApp(framework, createMemoryRepository(users, { records: data }));
  try {
    const pages = floorPages(data);
    for (const query of [HTTP_SORTED, HTTP_Q1]) {
      await assertSamePage(kind, started.url, query.pagelope, pages.get(query.pagelope));
    }
  } catch (error) {
    await started.close();
    throw error;
  }
  return started;
}

async function start(): Promise<Started> {
  const [type = '', framework = ''] = kind.split(':');
  switch (type) {
    case 'pagelope':
      return adapterApp(frameworkOf(framework));
    case 'example':
      return listenOn(`../examples/${frameworkOf(framework)}/listen.ts`);
    case 'floor':
      // The page objects (same shape as pagelope's) by raw query string, computed once here.
      return startFloor(frameworkOf(framework), floorPages(records()));
    case 'hand-wired':
      return listenOn('./baselines/fastify-hand-wired/listen.ts');
    case 'naive':
      return naiveServer();
    case 'json-server':
      return jsonServer();
    default:
      throw new Error(`unknown server kind "${kind}"`);
  }
}

const server = await start();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
let closing = false;
const stop = (): void => {
  if (closing) return;
  closing = true;
  // A benchmark server needs no graceful shutdown: give close a moment (keep-alive sockets may hold it), then exit.
  setTimeout(() => process.exit(0), 1000).unref();
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
// A `cpu` line on stdin is answered with the CPU time (user + system, µs) this process has used so far.
createInterface({ input: process.stdin })
  .on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpu: user + system })}\n`);
  })
  .on('close', stop);
