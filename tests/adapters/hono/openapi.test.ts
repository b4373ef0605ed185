import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { correlationId, nodeErrorHandler, notFound, onError, resourceRoutes } from 'pagelope/hono';
import type { ResourceRoutesOptions } from 'pagelope/hono';
import { describeOpenApiRoute, type MountWithOpenApi } from '../openapi-route-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

const mount: MountWithOpenApi = async (routes, { openapi, prefix = '/' }) => {
  const app = new Hono();
  app.use(correlationId());
  const options = (openapi === undefined ? {} : { openapi }) as ResourceRoutesOptions;
  app.route(prefix, resourceRoutes(routes, options));
  app.onError(onError);
  app.notFound(notFound);
  const server = createServer(getRequestListener(app.fetch, { errorHandler: nodeErrorHandler }));
  return listenOnLoopback(server);
};

describeOpenApiRoute('hono', mount, { prefix: { errorsFollowPrefix: true } });
