/**
 * A W3 server in its own process: `node --import tsx bench/http-server.ts <kind> <records> [example]`, where kind is
 * `pagelope` (the framework example's `listen`, default fastify, given a repository of the bench records), `floor` (bare Fastify route answering a precomputed
 * page), `naive` (Fastify route doing filter+sort+slice) or `json-server` (json-server 0.17 as its CLI runs it, with
 * `--quiet`). Prints `{"url": ...}` once listening; exits on SIGTERM or when its stdin closes (the parent is gone).
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createMemoryRepository, toPageResult, type Repository } from 'pagelope';
import { users, type User } from '../examples/shared/users';
import { benchUsers } from './data';
import { HTTP_Q1, HTTP_SORTED } from './queries';

const require = createRequire(import.meta.url);

interface Started {
  readonly url: string;
  close(): Promise<void>;
}

const [kind = '', recordsArg = '', example = 'fastify'] = process.argv.slice(2);
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

async function fastifyServer(register: (app: FastifyInstance) => void): Promise<Started> {
  const app = Fastify({ logger: false });
  register(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

async function start(): Promise<Started> {
  switch (kind) {
    case 'pagelope': {
      const { listen } = (await import(`../examples/${example}/listen.ts`)) as {
        listen(options: {
          port: number;
          host: string;
          seedRecords: number;
          rateLimitMax: number;
          repository: Repository<User>;
        }): Promise<Started>;
      };
      const repository = createMemoryRepository(users, { records: records() });
      return listen({ port: 0, host: '127.0.0.1', seedRecords: count, rateLimitMax: 1_000_000_000, repository });
    }
    case 'floor': {
      // The HTTP floor: no query work at all, the page object (same shape as pagelope's) computed at start-up and
      // serialised by Fastify on each request, as any route's result is.
      const data = records();
      const pages = new Map<string, unknown>();
      for (const query of [HTTP_SORTED, HTTP_Q1]) {
        pages.set(`/users?${query.pagelope}`, naivePage(data, Object.fromEntries(new URLSearchParams(query.pagelope))));
      }
      return fastifyServer((app) => {
        app.get(
          '/users',
          async (request, reply) => pages.get(request.url) ?? reply.code(404).send({ statusCode: 404 }),
        );
      });
    }
    case 'naive': {
      const data = records();
      return fastifyServer((app) => {
        app.get('/users', async (request) => naivePage(data, request.query as Query));
      });
    }
    case 'json-server': {
      // json-server 0.17 as `json-server --quiet db.json` runs it: its default middlewares, then its router over the
      // records as loaded from JSON (dates as ISO strings).
      const jsonServer = require('json-server') as {
        create(): {
          use(...handlers: unknown[]): void;
          listen(port: number, host: string, done: () => void): import('node:http').Server;
        };
        defaults(options: { logger: boolean }): unknown[];
        router(db: unknown): unknown;
      };
      const data = JSON.parse(JSON.stringify(records())) as unknown[];
      const app = jsonServer.create();
      app.use(jsonServer.defaults({ logger: false }));
      app.use(jsonServer.router({ users: data }));
      return new Promise((resolve) => {
        const server = app.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          resolve({
            url: `http://127.0.0.1:${port}`,
            close: () =>
              new Promise<void>((done) => {
                server.close(() => done());
                server.closeAllConnections();
              }),
          });
        });
      });
    }
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
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.stdin.on('close', stop);
process.stdin.resume();
