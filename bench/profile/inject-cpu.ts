/**
 * Per-request CPU of W3's servers without sockets: each app is built in this process (as bench/http-server.ts builds
 * it: the example on a repository of the bench records, its rate limiter past reach) and called through
 * light-my-request's fake requests, so the figure is the CPU of routing, hooks, pagelope, serialisation and header
 * writing alone, free of the kernel's socket work and of the scheduler of a shared machine (it is CPU time, not wall
 * time). The kinds are measured in rounds that alternate their order, and the median per round is reported.
 *
 *   node --import tsx bench/profile/inject-cpu.ts [--records 100000] [--rounds 8] [--requests 4000] \
 *     [--query <query string>] [--profile <file.cpuprofile>] <kind> [<kind> ...]
 *
 * Kinds: pagelope:<framework>, floor:<framework> (fastify, express, hono, nestjs), hand-wired. With `--profile`, the
 * CPU profile of the measured rounds (one kind only) is written there; bench/profile/split-profile.mjs summarises it.
 * A diagnostic tool: it is not part of `npm run bench` and writes nothing to bench/RESULTS.md.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import { createMemoryRepository } from 'pagelope';
import { users } from '../../examples/shared/users';
import { benchUsers } from '../data';
import { HTTP_SORTED } from '../queries';
import { buildFloor, type Dispatch } from './inject-floors';

const require = createRequire(import.meta.url);
type Inject = (
  dispatch: Dispatch,
  options: { url: string; method: string; remoteAddress?: string },
) => Promise<{ statusCode: number; payload: string }>;
const inject = createRequire(require.resolve('fastify'))('light-my-request') as Inject;

interface Args {
  readonly records: number;
  readonly rounds: number;
  readonly requests: number;
  readonly query: string;
  readonly profile: string | undefined;
  readonly kinds: readonly string[];
}

function parse(argv: readonly string[]): Args {
  const kinds: string[] = [];
  const named = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) named.set(arg.slice(2), argv[++i] ?? '');
    else kinds.push(arg);
  }
  return {
    records: Number(named.get('records') ?? 100_000),
    rounds: Number(named.get('rounds') ?? 8),
    requests: Number(named.get('requests') ?? 4000),
    query: named.get('query') ?? HTTP_SORTED.pagelope,
    profile: named.get('profile'),
    kinds,
  };
}

/** A built app: one GET of a URL, resolving to the status and body. */
type Call = (url: string) => Promise<{ statusCode: number; payload: string }>;

async function build(kind: string, records: number): Promise<Call> {
  const data = benchUsers(records).records;
  const options = { repository: createMemoryRepository(users, { records: data }), rateLimitMax: 1_000_000_000 };
  const viaDispatch =
    (dispatch: Dispatch): Call =>
    (url) =>
      inject(dispatch, { method: 'GET', url, remoteAddress: '127.0.0.1' });
  switch (kind) {
    case 'pagelope:fastify':
    case 'hand-wired': {
      const module = kind === 'hand-wired' ? '../baselines/fastify-hand-wired/app.ts' : '../../examples/fastify/app.ts';
      const { createApp } = (await import(module)) as {
        createApp(o: object): import('fastify').FastifyInstance;
      };
      const app = createApp(options);
      await app.ready();
      return (url) => app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    }
    case 'pagelope:express': {
      const { createApp } = await import('../../examples/express/app');
      return viaDispatch(createApp(options) as unknown as Dispatch);
    }
    case 'pagelope:hono': {
      const [{ createApp }, { getRequestListener }, { nodeErrorHandler }] = await Promise.all([
        import('../../examples/hono/app'),
        import('@hono/node-server'),
        import('pagelope/hono'),
      ]);
      return viaDispatch(
        getRequestListener(createApp(options).fetch, { errorHandler: nodeErrorHandler }) as unknown as Dispatch,
      );
    }
    case 'pagelope:nestjs': {
      await import('reflect-metadata');
      const { createApp } = await import('../../examples/nestjs/app');
      const app = await createApp(options);
      return viaDispatch(app.getHttpAdapter().getInstance() as Dispatch);
    }
    default: {
      if (!kind.startsWith('floor:')) throw new Error(`unknown kind ${kind}`);
      const floor = await buildFloor(kind.slice('floor:'.length), data);
      return floor.inject ?? viaDispatch(floor.dispatch as Dispatch);
    }
  }
}

async function measure(call: Call, url: string, requests: number, concurrency = 10): Promise<number> {
  let left = requests;
  const worker = async (): Promise<void> => {
    while (left-- > 0) {
      const { statusCode } = await call(url);
      if (statusCode !== 200) throw new Error(`status ${statusCode} for ${url}`);
    }
  };
  const start = process.cpuUsage();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const { user, system } = process.cpuUsage(start);
  return (user + system) / requests;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  if (args.kinds.length === 0) throw new Error('name at least one kind');
  if (args.profile && args.kinds.length !== 1) throw new Error('--profile takes one kind');
  const url = `/users?${args.query}`;
  const calls = new Map<string, Call>();
  for (const kind of args.kinds) {
    const call = await build(kind, args.records);
    const { payload } = await call(url);
    const ids = (JSON.parse(payload) as { items: { id: string }[] }).items.map((item) => item.id).join(',');
    process.stderr.write(`${kind}: ${ids.slice(0, 60)}...\n`);
    await measure(call, url, Math.min(args.requests, 3000)); // warm-up
    calls.set(kind, call);
  }
  const session = new Session();
  if (args.profile) {
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 100 });
    session.post('Profiler.start');
  }
  const perRound = new Map<string, number[]>(args.kinds.map((kind) => [kind, []]));
  for (let round = 0; round < args.rounds; round++) {
    const order = round % 2 === 0 ? args.kinds : [...args.kinds].reverse();
    for (const kind of order) perRound.get(kind)?.push(await measure(calls.get(kind) as Call, url, args.requests));
  }
  if (args.profile) {
    const file = args.profile;
    session.post('Profiler.stop', (error, result) => {
      if (error) throw error;
      writeFileSync(file, JSON.stringify(result.profile));
    });
  }
  for (const kind of args.kinds) {
    const values = perRound.get(kind) as number[];
    const floor = perRound.get(`floor:${kind.split(':')[1] ?? ''}`);
    const vsFloor =
      floor && kind !== `floor:${kind.split(':')[1]}`
        ? ` (÷ floor ${(median(values) / median(floor)).toFixed(3)})`
        : '';
    console.log(
      `${kind.padEnd(20)} CPU ${median(values).toFixed(1).padStart(6)} µs/request (rounds: ${values.map((v) => v.toFixed(0)).join(' ')})${vsFloor}`,
    );
  }
  process.exit(0);
}

await main();
