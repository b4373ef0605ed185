/**
 * `npm run demo [-- --framework express|fastify|hono|nestjs] [--store memory|postgres]`: starts one example on
 * 127.0.0.1:$PORT (default 3000) with the seeded users and prints three curl commands to try. `--store postgres` keeps
 * the users in embedded PGlite, or in the server named by DATABASE_URL.
 */
import { openPostgresDemoStore } from './shared/postgres-store';
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
if (store !== 'memory' && store !== 'postgres') {
  console.error(`Unknown store "${store}". Use memory or postgres.`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const count = seedCountFromEnv();
const postgres = store === 'postgres' ? await openPostgresDemoStore(count) : undefined;
const { listen } = (await import(`./${framework}/listen.ts`)) as {
  listen(options: { port: number; host: string; repository?: unknown }): Promise<Started>;
};
const server = await listen({ port, host: '127.0.0.1', repository: postgres?.repository });
const base = server.url;

console.log(
  `pagelope demo (${framework}, ${postgres?.description ?? 'in-memory repository'}) listening on ${base} with ${count} seeded users\n`,
);
console.log('# a filtered, sorted page');
console.log(
  `curl -sg '${base}/users?username[operator]=cont&username[value]=ab&status[eq]=active&orderBy=createdAt&orderDirection=DESC&limit=5&page=1'\n`,
);
console.log('# a create (the onAfterCreate hook logs it to GET /audit with your correlation id)');
console.log(
  `curl -s -X POST '${base}/users' -H 'content-type: application/json' -H 'x-correlation-id: demo-123' -d '{"username":"ada","email":"ada@example.com","status":"active","age":36}'\n`,
);
console.log('# a failing request: the error envelope');
console.log(`curl -sg '${base}/users?limit=0&orderBy=password'\n`);
console.log('Press Ctrl+C to stop.');

const stop = async () => {
  await server.close();
  await postgres?.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
