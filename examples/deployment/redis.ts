import { Redis } from 'ioredis';

/**
 * A Redis client for a limiter shared by several instances, as docs/deployment.md wires it: while Redis is unreachable
 * its commands fail at once (no offline queue, no retry of a cut command), and after `commandTimeoutMs` without an
 * answer, so the limiter lets the request through (fails open) rather than wait; it reconnects forever.
 */
export function connectRedis(url: string, commandTimeoutMs = 150): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 1_000,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let down = false;
  redis.on('error', (error) => {
    if (!down) console.warn(`redis unavailable: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => (down = false));
  return redis;
}
