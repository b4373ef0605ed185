import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer } from 'node:http';
import { correlationId, notFound, onError, resourceRoutes } from 'pagelope/hono';
import { describeCorrelationContract, type MountCorrelationApp } from '../../contracts/correlation-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

/** pagelope's middleware first, then the app's own, the routes, `onError` and `notFound`. */
const mount: MountCorrelationApp = (routes, middleware) => {
  const app = new Hono();
  app.use(correlationId());
  app.use(async (c, next) => {
    await middleware(c.req.header('x-marker'));
    await next();
  });
  app.route('/', resourceRoutes(routes));
  app.onError(onError);
  app.notFound(notFound);
  return listenOnLoopback(createServer(getRequestListener(app.fetch)));
};

describeCorrelationContract('hono', mount, 1);
