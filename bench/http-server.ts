/**
 * A W3 server in its own process: `node --import tsx bench/http-server.ts <kind> <records>`, where kind is
 * - `pagelope:<framework>`: the framework's example (`examples/<framework>/listen.ts`, on its `pagelope/<framework>`
 *   adapter), given a repository of the bench records and a rate limit no run reaches;
 * - `floor:<framework>`: a bare route of that framework answering a page computed at start-up (bench/http-floors.ts);
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
import { toPageResult } from 'pagelope/kit';
import { users, type User } from '../examples/shared/users';
import { benchUsers } from './data';
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

type Query = Readonly<Record<string, string | undefined>>;

/** A hand-written list route: the parameters of the pagelope grammar it needs, then filter + full sort + slice. */
function naivePage(records: readonly User[], query: Query): unknown {
  const limit = Math.min(Math.max(Number(query['limit'] ?? 10) || 10, 1), 100);
  const page = Math.max(Number(query['page'] ?? 1) || 1, 1);
  const field = (query['orderBy'] ?? 'id') as keyof User;
  const sign = query['orderDirection'] === 'DESC' ? -1 : 1;
  let matching: User[] = records.slice();
  for (const name of ['username', 'email'] as const) {
    const operator = query[`${name}[operator]`];
    const value = query[`${name}[value]`];
    if (operator === 'cont' && value !== undefined) matching = matching.filter((user) => user[name].includes(value));
    else if (operator === 'eq' && value !== undefined) matching = matching.filter((user) => user[name] === value);
  }
  matching.sort((a, b) => {
    const x = a[field] instanceof Date ? (a[field] as Date).getTime() : a[field];
    const y = b[field] instanceof Date ? (b[field] as Date).getTime() : b[field];
    return x < y ? -sign : x > y ? sign : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const offset = (page - 1) * limit;
  return toPageResult(matching.slice(offset, offset + limit), { total: matching.length, page, limit });
}

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
  app.get('/users', async (request) => naivePage(data, request.query as Query));
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

async function start(): Promise<Started> {
  const [type = '', framework = ''] = kind.split(':');
  switch (type) {
    case 'pagelope':
      return listenOn(`../examples/${frameworkOf(framework)}/listen.ts`);
    case 'floor': {
      // The page objects (same shape as pagelope's) by raw query string, computed once here.
      const data = records();
      const pages = new Map<string, unknown>();
      for (const query of [HTTP_SORTED, HTTP_Q1]) {
        pages.set(query.pagelope, naivePage(data, Object.fromEntries(new URLSearchParams(query.pagelope))));
      }
      return startFloor(frameworkOf(framework), pages);
    }
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
