/**
 * The deployment example (examples/deployment/, the instances of `npm run soak -- --cluster`): a Fastify and an
 * Express instance on one Redis keep one limit (`rl:<client address>`), behind a balancer on loopback the client
 * address is the one `x-forwarded-for` names (trust proxy), and every line of the instance's logger carries the
 * request's correlation id through `correlationMixin()`, no code passing it by hand.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { correlationMixin } from 'pagelope/node';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { listenInstance } from '../../examples/deployment/listen-instance';
import { connectRedis } from '../../examples/deployment/redis';
import type { RunningServer } from '../../examples/shared/listen-options';
import { redisAnswers, REDIS_REQUIRED } from './redis-servers';

const MACHINE_REDIS = await redisAnswers(6379);
const LIMIT = 6;

describe('the deployment example: instances of one service', () => {
  const servers: RunningServer[] = [];
  const clients: Redis[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    for (const client of clients.splice(0)) client.disconnect();
  });

  const start = async (options: { lines?: string[]; name?: string } = {}) => {
    const redis = connectRedis('redis://127.0.0.1:6379', 2_000);
    clients.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    const lines = options.lines ?? [];
    const logger = pino(
      { base: { instance: options.name ?? 'demo' }, mixin: correlationMixin() },
      { write: (line: string) => void lines.push(line) },
    );
    const common = { seedRecords: 3, rateLimitMax: LIMIT, redis, logger };
    const started = [await listenInstance('fastify', common), await listenInstance('express', common)];
    servers.push(...started);
    return started;
  };
  const call = (server: RunningServer, address: string, id: string, path = '/users?limit=1') =>
    fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': address, 'x-correlation-id': id } });

  if (!MACHINE_REDIS && !REDIS_REQUIRED) {
    it.skip('share one limit through Redis (skipped: needs a Redis on 127.0.0.1:6379)', () => undefined);
    return;
  }

  it('share one limit per client address through Redis, Fastify and Express alike', async () => {
    const [fastify, express] = await start();
    const address = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.7`; // a key of its own
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      const response = await call(i % 2 === 0 ? fastify! : express!, address, `limit-${i}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LIMIT)).toStrictEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toStrictEqual(Array(LIMIT).fill(429));
    // Another client address behind the same balancer has a limit of its own.
    const other = await call(express!, `${address.slice(0, -1)}8`, 'limit-other');
    expect(other.status).toBe(200);
  });

  it("log one line per response with the request's correlation id, on each framework", async () => {
    const lines: string[] = [];
    const [fastify, express] = await start({ lines });
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(
      ids.map(async (id, i) => {
        const response = await call(i % 2 === 0 ? fastify! : express!, '10.9.9.9', id, i % 4 < 2 ? '/users' : '/nope');
        await response.arrayBuffer();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50)); // Express logs on 'finish'
    const answered = lines
      .map((line) => JSON.parse(line) as { msg: string; correlationId?: string; url?: string })
      .filter((line) => line.msg === 'answered');
    expect(answered.map((line) => line.correlationId).sort()).toStrictEqual([...ids].sort());
  });
});
