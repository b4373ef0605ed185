import { createServer } from 'node:http';
import express from 'express';
import { correlationId, errorHandler, notFound, resourceRouter, type ResourceRouterOptions } from 'pagelope/express';
import { describeOpenApiRoute, type MountWithOpenApi } from '../openapi-route-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

const mount: MountWithOpenApi = async (routes, { openapi, prefix = '/' }) => {
  const app = express();
  app.use(correlationId());
  const options = (openapi === undefined ? {} : { openapi }) as ResourceRouterOptions;
  app.use(prefix, resourceRouter(routes, options));
  app.use(notFound(), errorHandler());
  const server = createServer(app);
  return listenOnLoopback(server);
};

describeOpenApiRoute('express', mount, { prefix: { errorsFollowPrefix: true } });
