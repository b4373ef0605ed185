import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { correlationId, nodeErrorHandler, notFound, onError, resourceRoutes } from 'pagelope/hono';
import type { ResourceRoutesOptions } from 'pagelope/hono';
import { describeOpenApiRoute, type MountWithOpenApi } from './openapi-route-contract';

const mount: MountWithOpenApi = async (routes, { openapi, prefix = '/' }) => {
  const app = new Hono();
  app.use(correlationId());
  const options = (openapi === undefined ? {} : { openapi }) as ResourceRoutesOptions;
  app.route(prefix, resourceRoutes(routes, options));
  app.onError(onError);
  app.notFound(notFound);
  const server = createServer(getRequestListener(app.fetch, { errorHandler: nodeErrorHandler }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
};

describeOpenApiRoute('hono', mount, { prefix: { errorsFollowPrefix: true } });
