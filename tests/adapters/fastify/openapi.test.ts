import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { pagelope, type PagelopeFastifyOptions } from 'pagelope/fastify';
import { describeOpenApiRoute, type MountWithOpenApi } from '../openapi-route-contract';

const mount: MountWithOpenApi = async (routes, { openapi, prefix }) => {
  if (prefix !== undefined) throw new Error('the plugin applies to the whole app: no prefix');
  const app = Fastify({ forceCloseConnections: true });
  app.register(pagelope, { routes, ...(openapi === undefined ? {} : { openapi }) } as PagelopeFastifyOptions);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
};

describeOpenApiRoute('fastify', mount, { prefix: false });
