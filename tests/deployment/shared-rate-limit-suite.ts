/**
 * The suite every recipe of docs/deployment.md passes: two instances of it on one Redis key space with a limit of 10
 * let exactly 10 of 20 requests through and answer the others with the 429 envelope and `retry-after`, on the
 * machine's Redis and on a `redis-server` of the test's own; with that one unreachable (not started yet, killed
 * mid-run) or paused (SIGSTOP) every request succeeds within the 300 ms (asserted with a margin: under
 * 1,000 ms; the figures are printed), and once it is back the limit applies again; changed as the page says to fail
 * closed, every request meanwhile is the 503 envelope. What the outages make a recipe log (its warnings, its 503s) is
 * counted, not printed. Without a Redis, each test is skipped with a message, or fails under PAGELOPE_REQUIRE_REDIS=1.
 */
import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectEnvelope } from '../adapters/docs-snippets';
import type { Framework } from '../support/docs-snippets/deployment';
import { startInstance, untilReady, type RecipeInstance } from './recipe-instance';
import { hasRedisServer, ownRedis, redisAnswers, REDIS_REQUIRED, type OwnRedis } from './redis-servers';

const LIMIT = 10;
/** The bound on a request while Redis is down is 300 ms; the assertion leaves a margin for a busy machine. */
const NEVER_HANGS_MS = 1_000;
/** The command timeout of the instances of the tests that count exactly (all but the paused Redis's). */
const PATIENT_MS = 2_000;

const MACHINE_REDIS = await redisAnswers(6379);
const REDIS_SERVER = hasRedisServer();

let run = 0;
/** A key prefix no other run or test uses. */
const uniquePrefix = (): string => `pagelope-test-${process.pid}-${Date.now().toString(36)}-${++run}:`;

/**
 * Sends 20 requests in ten rounds, each round one request to each instance at the same time (so that the instances
 * race on Redis, while the process, which runs both instances and the client, is not so swamped that a Redis reply
 * waits past the recipes' 150 ms command timeout), and gives the replies.
 */
async function twenty(instances: readonly RecipeInstance[]) {
  const replies: Array<Awaited<ReturnType<RecipeInstance['call']>>> = [];
  for (let round = 0; round < LIMIT; round++)
    replies.push(...(await Promise.all(instances.map((instance) => instance.call('/products')))));
  return replies;
}

/** Sends 20 requests one after the other, alternating between the instances, and gives the replies (each timed alone). */
async function twentyInTurn(instances: readonly RecipeInstance[]) {
  const replies: Awaited<ReturnType<typeof twenty>> = [];
  for (let i = 0; i < 2 * LIMIT; i++) replies.push(await instanceOf(instances, i).call('/products'));
  return replies;
}

/** The instance that the `i`th request goes to. */
function instanceOf(instances: readonly RecipeInstance[], i: number): RecipeInstance {
  const instance = instances[i % instances.length];
  if (instance === undefined) throw new Error('no instance');
  return instance;
}

/** Sends requests in turn until one is the 429 envelope, at most `most`: whether one was. */
async function untilRefused(instances: readonly RecipeInstance[], most: number): Promise<boolean> {
  for (let i = 0; i < most; i++) {
    const reply = await instanceOf(instances, i).call('/products');
    if (reply.status === 429) {
      expectEnvelope(reply, 429);
      return true;
    }
  }
  return false;
}

/** Expects exactly {@link LIMIT} replies to be 200s and the others the 429 envelope with `retry-after`. */
function expectSharedLimit(replies: Awaited<ReturnType<typeof twenty>>): void {
  expect(replies.filter(({ status }) => status === 200)).toHaveLength(LIMIT);
  const refused = replies.filter(({ status }) => status !== 200);
  expect(refused).toHaveLength(LIMIT);
  for (const reply of refused) {
    expectEnvelope(reply, 429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
  }
}

/** Expects every reply to be a 200, each within {@link NEVER_HANGS_MS}; gives the median and the slowest, in ms. */
function expectFailOpen(replies: Awaited<ReturnType<typeof twenty>>): string {
  expect(replies.map(({ status }) => status)).toStrictEqual(replies.map(() => 200));
  const times = replies.map(({ ms }) => ms).sort((a, b) => a - b);
  const slowest = times.at(-1) ?? Infinity;
  expect(slowest).toBeLessThan(NEVER_HANGS_MS);
  return `median ${(times[times.length >> 1] ?? 0).toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`;
}

/** Expects every reply to be the 503 envelope with `retry-after: 5`, each within {@link NEVER_HANGS_MS}. */
function expectFailClosed(replies: Awaited<ReturnType<typeof twenty>>): void {
  for (const reply of replies) {
    expectEnvelope(reply, 503, 'Rate limit unavailable');
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.ms).toBeLessThan(NEVER_HANGS_MS);
  }
}

/**
 * What a recipe logs, as the page wants it, while its Redis is unreachable or paused: the `./redis` module's warning
 * once per outage, express-rate-limit's error for each request it lets through uncounted and for the script it could
 * not load while Redis was down, and (failing closed) each 503 the adapter answers.
 */
const OUTAGE_LOGS = {
  unavailable: /^redis unavailable: /,
  letThrough: /^express-rate-limit: error from store, allowing request without rate-limiting\.$/,
  notLoaded: /^express-rate-limit: async error during store initialization\.$/,
  answered503: / answered 503 \(x-correlation-id [^)]+\)$/,
} as const;
type OutageLog = keyof typeof OUTAGE_LOGS;

/** The outage logs a test provoked, kept out of the test output, and how many of each. */
interface OutageLogs {
  count(kind: OutageLog): number;
  restore(): void;
}

/**
 * Watches `console.warn`, `console.error` and Nest's `Logger` (where the NestJS recipe reports its 503s) for the
 * `expected` kinds of {@link OUTAGE_LOGS}: a call with a string argument of one of them is counted and not printed;
 * any other goes through, so that an error nobody expected still shows.
 */
function watchOutageLogs(expected: readonly OutageLog[]): OutageLogs {
  const seen: OutageLog[] = [];
  /** Counts the call when one of its strings is an expected log, else hands it to `print`. */
  const keep =
    (print: (args: unknown[]) => void) =>
    (...args: unknown[]): void => {
      const kind = expected.find((each) => args.some((arg) => typeof arg === 'string' && OUTAGE_LOGS[each].test(arg)));
      if (kind === undefined) print(args);
      else seen.push(kind);
    };
  const { warn, error } = console;
  const nestError = Logger.prototype.error;
  const spies = [
    vi.spyOn(console, 'warn').mockImplementation(keep((args) => warn(...args))),
    vi.spyOn(console, 'error').mockImplementation(keep((args) => error(...args))),
    vi.spyOn(Logger.prototype, 'error').mockImplementation(function (this: Logger, ...args: unknown[]) {
      keep((rest) => Reflect.apply(nestError, this, rest))(...args);
    }),
  ];
  return {
    count: (kind) => seen.filter((each) => each === kind).length,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

/** A test needing `what`: run when `available`, else skipped with a message, or failing under PAGELOPE_REQUIRE_REDIS=1. */
function itNeeds(available: boolean, what: string, title: string, test: () => Promise<void>): void {
  if (available) it(title, test, 60_000);
  else if (REDIS_REQUIRED) it(title, () => expect.fail(`PAGELOPE_REQUIRE_REDIS=1 but ${what} is missing`));
  else it.skip(`${title} (skipped: needs ${what})`, () => undefined);
}

/** Runs the suite against the recipe of `framework`. */
export function sharedRateLimitSuite(framework: Framework): void {
  describe(`the ${framework} recipe of docs/deployment.md`, () => {
    const instances: RecipeInstance[] = [];
    let redis: OwnRedis | undefined;
    /**
     * Starts two instances on one key space. Unless `ownTimeout`, their Redis clients get a command timeout of
     * {@link PATIENT_MS} instead of the page's 150 ms: on a busy machine a Redis reply can come later than that, and
     * the instance then lets the request through uncounted (failing open, as it should), which an exact count cannot
     * tell from a broken limit.
     */
    const start = async (redisUrl: string, { failClosed = false, ownTimeout = false } = {}) => {
      const commandTimeout = ownTimeout ? undefined : PATIENT_MS;
      const settings = { redisUrl, prefix: uniquePrefix(), limit: LIMIT, failClosed, commandTimeout };
      const started = [await startInstance(framework, settings), await startInstance(framework, settings)];
      instances.push(...started);
      return started;
    };
    afterEach(async () => {
      try {
        await Promise.all(instances.splice(0).map((instance) => instance.close()));
      } finally {
        await redis?.stop(); // even when an instance failed to close: no redis-server outlives the test
      }
    });

    itNeeds(
      MACHINE_REDIS,
      'a Redis on 127.0.0.1:6379',
      'shares one limit of 10 between two instances on the machine Redis',
      async () => {
        const both = await start('redis://127.0.0.1:6379');
        await untilReady(both);
        expectSharedLimit(await twenty(both));
      },
    );

    itNeeds(
      REDIS_SERVER,
      'redis-server',
      'fails open within 300 ms while its own redis-server is down, before it starts and killed mid-run, and limits again once it is back',
      async () => {
        const logs = watchOutageLogs(['unavailable', 'letThrough', 'notLoaded']);
        try {
          redis = await ownRedis();
          const both = await start(redis.url);
          const beforeStart = expectFailOpen(await twentyInTurn(both));
          await redis.start();
          await untilReady(both);
          expectSharedLimit(await twenty(both));
          await redis.stop();
          const whileDown = expectFailOpen(await twentyInTurn(both));
          const againWhileDown = expectFailOpen(await twentyInTurn(both));
          await redis.start();
          await untilReady(both);
          expectSharedLimit(await twenty(both));
          // Each instance warned once per outage (the first, before Redis ever answered, is not always a warning:
          // at least the second outage's); Express's limiter logged each of the 60 requests it let through.
          expect(logs.count('unavailable')).toBeGreaterThanOrEqual(both.length);
          expect(logs.count('unavailable')).toBeLessThanOrEqual(2 * both.length);
          expect(logs.count('letThrough')).toBe(framework === 'express' ? 3 * 2 * LIMIT : 0);
          const figures = `before it started: ${beforeStart}; killed: ${whileDown}; again: ${againWhileDown}`;
          console.log(`${framework}, 20 requests one at a time with Redis down: ${figures}`);
        } finally {
          logs.restore();
        }
      },
    );

    itNeeds(
      REDIS_SERVER,
      'redis-server',
      'fails open within 300 ms while its own redis-server is paused (connected, never answering), and keeps its counts',
      async () => {
        redis = await ownRedis();
        await redis.start();
        const both = await start(redis.url, { ownTimeout: true });
        await untilReady(both);
        // With the page's own 150 ms timeout a late reply lets a request through uncounted: no exact count here.
        expect(await untilRefused(both, 3 * LIMIT)).toBe(true);
        const logs = watchOutageLogs(['letThrough']);
        try {
          redis.pause();
          const whilePaused = expectFailOpen(await twentyInTurn(both));
          // Express's limiter logged each of the 20 requests it let through.
          expect(logs.count('letThrough')).toBe(framework === 'express' ? 2 * LIMIT : 0);
          redis.resume();
          await untilReady(both);
          expect(await untilRefused(both, 3)).toBe(true); // the counts are still there: refused at once
          console.log(`${framework}, 20 requests one at a time with Redis paused: ${whilePaused}`);
        } finally {
          logs.restore();
        }
      },
    );

    itNeeds(
      REDIS_SERVER,
      'redis-server',
      'fails closed with the 503 envelope once changed as the page says, and limits again once Redis is back',
      async () => {
        const logs = watchOutageLogs(['unavailable', 'notLoaded', 'answered503']);
        try {
          redis = await ownRedis();
          const both = await start(redis.url, { failClosed: true });
          expectFailClosed(await twentyInTurn(both));
          await redis.start();
          await untilReady(both);
          expectSharedLimit(await twenty(both));
          await redis.stop();
          expectFailClosed(await twentyInTurn(both));
          await redis.start();
          await untilReady(both);
          expectSharedLimit(await twenty(both));
          // Each instance warned once per outage (the first, before Redis ever answered, is not always a warning:
          // at least the second outage's), and the adapter logged each of the 40 503s once.
          expect(logs.count('unavailable')).toBeGreaterThanOrEqual(both.length);
          expect(logs.count('unavailable')).toBeLessThanOrEqual(2 * both.length);
          expect(logs.count('answered503')).toBe(2 * 2 * LIMIT);
        } finally {
          logs.restore();
        }
      },
    );
  });
}
