import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { correlationId, errorHandler, notFound, resourceRouter, type ResourceRouterOptions } from 'pagelope/express';
import { describeOpenApiRoute, type MountWithOpenApi } from './openapi-route-contract';

const mount: MountWithOpenApi = async (routes, { openapi, prefix = '/' }) => {
  const app = express();
  app.use(correlationId());
  const options = (openapi === undefined ? {} : { openapi }) as ResourceRouterOptions;
  app.use(prefix, resourceRouter(routes, options));
  app.use(notFound(), errorHandler());
  const server = createServer(app);
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

describeOpenApiRoute('express', mount, { prefix: { errorsFollowPrefix: true } });
