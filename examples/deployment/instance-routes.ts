import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createDemoRoutes, type DemoOptions, type DemoRoutes } from '../shared/demo-routes';

/** The demo's options, and what an instance of a service behind a balancer shares with the others. */
export interface InstanceOptions extends DemoOptions {
  /**
   * A Redis client (`connectRedis` of `redis.ts`) in which the limiter keeps its counts under `rl:<client address>`:
   * one limit shared by every instance of every framework (docs/deployment.md).
   */
  readonly redis: Redis;
  /**
   * A pino logger made with `correlationMixin()`: a line per response and one per create, each with the request's
   * correlation id, which no code passes by hand.
   */
  readonly logger: Logger;
}

/** The demo's routes (examples/shared/demo-routes.ts), with a line in the instance's log for each user created. */
export function createInstanceRoutes(options: InstanceOptions): DemoRoutes {
  const demo = createDemoRoutes(options);
  demo.service.hooks.on('onAfterCreate', ({ entity }) => {
    options.logger.info({ id: entity.id }, 'user created');
  });
  return demo;
}
