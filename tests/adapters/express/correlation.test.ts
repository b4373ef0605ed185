import express from 'express';
import { createServer } from 'node:http';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { describeCorrelationContract, type MountCorrelationApp } from '../../contracts/correlation-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

/** pagelope's middleware first, then the app's own (an async one), the router, the 404 and the error handler. */
const mount: MountCorrelationApp = (routes, middleware) => {
  const app = express();
  app.use(correlationId());
  app.use((req, _res, next) => {
    const marker = req.headers['x-marker'];
    middleware(typeof marker === 'string' ? marker : undefined).then(() => next(), next);
  });
  app.use(resourceRouter(routes), notFound(), errorHandler());
  return listenOnLoopback(createServer(app));
};

describeCorrelationContract('express', mount, 1);
