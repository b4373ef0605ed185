import { serve as serveExpress } from '../express/listen';
import { serve as serveFastify } from '../fastify/listen';
import type { RunningServer } from '../shared/listen-options';
import { createExpressInstance } from './express-instance';
import { createFastifyInstance } from './fastify-instance';
import type { InstanceOptions } from './instance-routes';

/** The frameworks of the deployment example. */
export type InstanceFramework = 'express' | 'fastify';

/** Options of {@link listenInstance}: the instance's options plus where to listen. */
export interface InstanceListenOptions extends InstanceOptions {
  /** Port to listen on (default 0: any free port). */
  readonly port?: number;
  /** Host to listen on (default '127.0.0.1'). */
  readonly host?: string;
}

/**
 * Starts one instance of the deployment example on `host:port`, on the server its framework's example listens with
 * (timeouts, keep-alive, `clientErrorListener`), and resolves once it is listening.
 */
export function listenInstance(framework: InstanceFramework, options: InstanceListenOptions): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', ...instanceOptions } = options;
  return framework === 'express'
    ? serveExpress(createExpressInstance(instanceOptions), port, host)
    : serveFastify(createFastifyInstance(instanceOptions), port, host);
}
