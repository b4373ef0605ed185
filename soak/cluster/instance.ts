/**
 * One instance of the cluster soak: the Fastify or Express instance of the deployment example (`listenInstance` of
 * examples/deployment/: behind the balancer, its limiter's counts in the shared Redis) on the PostgreSQL primary, its
 * lists and gets on the replica (`readClient`), and a pino logger with `correlationMixin()` writing JSON lines to
 * stdout, which the parent keeps in a file per instance. Tells the parent over IPC once it listens; ends on SIGTERM.
 */
import pg from 'pg';
import pino from 'pino';
import { correlationMixin } from 'pagelope/node';
import { createPostgresRepository, type SqlClient } from 'pagelope/postgres';
import { listenInstance } from '../../examples/deployment/listen-instance';
import { connectRedis } from '../../examples/deployment/redis';
import { users } from '../../examples/shared/users';
import type { InstanceConfig } from './protocol';

const config = JSON.parse(process.env.SOAK_INSTANCE_CONFIG ?? '{}') as InstanceConfig;
const logger = pino(
  { base: { instance: config.name }, mixin: correlationMixin() },
  pino.destination({ dest: 1, sync: true }),
);

function pool(url: string, role: string): pg.Pool {
  const created = new pg.Pool({
    connectionString: url,
    application_name: config.applicationName,
    connectionTimeoutMillis: 2_000,
    max: 8,
  });
  // An idle client whose server connection ended (a terminated backend, a restarted replica): the pool drops it.
  created.on('error', (error) => logger.warn({ role, err: error.message }, 'pool client lost'));
  return created;
}

const primary = pool(config.primaryUrl, 'primary');
const replica = pool(config.replicaUrl, 'replica');
const repository = createPostgresRepository(users, {
  client: primary as unknown as SqlClient,
  readClient: replica as unknown as SqlClient,
  table: config.table,
});
const redis = connectRedis(config.redisUrl, config.commandTimeoutMs);
const server = await listenInstance(config.framework, {
  port: config.port,
  repository,
  redis,
  logger,
  seedRecords: 0,
  rateLimitMax: config.rateLimitMax,
  rateLimitWindowMs: config.rateLimitWindowMs,
});
logger.info({ url: server.url, framework: config.framework }, 'listening');
process.send?.({ kind: 'ready', url: server.url });

process.once('SIGTERM', () => {
  void (async () => {
    await server.close();
    redis.disconnect();
    await Promise.all([primary.end(), replica.end()]);
    process.exit(0);
  })();
});
