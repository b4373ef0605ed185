/**
 * `npm run demo [-- --framework express|fastify|hono|nestjs] [--store memory|postgres|sqlite] [--file path]`: starts one example on
 * 127.0.0.1:$PORT (default 3000; 0 for any free port) with the seeded users, the OpenAPI document at /openapi.json and
 * the docs page at /docs, and prints their addresses and three curl commands to try (`demoMessage`). `--store postgres`
 * keeps the users in embedded PGlite, or in the server named by DATABASE_URL; `--store sqlite` in a SQLite file
 * (`--file`, default `pagelope-demo.db` in the system's temp folder), kept between runs.
 */
import { demoMessage } from './shared/demo-message';
import { openPostgresDemoStore } from './shared/postgres-store';
import { DEFAULT_SQLITE_FILE, openSqliteDemoStore } from './shared/sqlite-store';
import { seedCountFromEnv } from './shared/seed';
const FRAMEWORKS = ['fastify', 'express', 'hono', 'nestjs'] as const;
type Framework = (typeof FRAMEWORKS)[number];

interface Started {
  readonly url: string;
  close(): Promise<void>;
}

function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (at === -1) return undefined;
  const arg = args[at] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
}

const framework = (argument('framework') ?? 'fastify') as Framework;
if (!FRAMEWORKS.includes(framework)) {
  console.error(`Unknown framework "${framework}". Use one of: ${FRAMEWORKS.join(', ')}.`);
  process.exit(2);
}
const store = argument('store') ?? 'memory';
if (store !== 'memory' && store !== 'postgres' && store !== 'sqlite') {
  console.error(`Unknown store "${store}". Use memory, postgres or sqlite.`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const count = seedCountFromEnv();
const postgres =
  store === 'postgres'
    ? await openPostgresDemoStore(count)
    : store === 'sqlite'
      ? await openSqliteDemoStore(count, argument('file') ?? DEFAULT_SQLITE_FILE)
      : undefined;
const { listen } = (await import(`./${framework}/listen.ts`)) as {
  listen(options: { port: number; host: string; repository?: unknown }): Promise<Started>;
};
const server = await listen({ port, host: '127.0.0.1', repository: postgres?.repository });

console.log(demoMessage({ framework, store: postgres?.description ?? 'in-memory repository', url: server.url, count }));

const stop = async () => {
  await server.close();
  await postgres?.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
