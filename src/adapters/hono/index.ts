// pagelope/hono: resource routes, correlation ids and the error envelope on Hono 4.
export { correlationId } from './correlation-id';
export { resourceRoutes, type ResourceRoutesOptions } from './resource-routes';
export { onError, notFound, type OnError, type OnErrorHandler, type OnErrorOptions } from './on-error';
export {
  nodeErrorHandler,
  type NodeErrorHandler,
  type NodeErrorHandlerFunction,
  type NodeErrorHandlerOptions,
} from './node-error-handler';
