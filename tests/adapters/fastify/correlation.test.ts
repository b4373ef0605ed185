import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { pagelope } from 'pagelope/fastify';
import { describeCorrelationContract, type MountCorrelationApp } from '../../contracts/correlation-contract';

/** The plugin first, then the app's own `onRequest` and `preHandler` hooks (a body is parsed between the two). */
const mount: MountCorrelationApp = async (routes, middleware) => {
  const app = Fastify({ forceCloseConnections: true });
  await app.register(pagelope, { routes });
  const markerOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
  app.addHook('onRequest', (request) => middleware(markerOf(request.headers['x-marker'])));
  app.addHook('preHandler', (request) => middleware(markerOf(request.headers['x-marker'])));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
};

describeCorrelationContract('fastify', mount, 2);
