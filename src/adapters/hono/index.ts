// pagelope/hono: resource routes, correlation ids and the error envelope on Hono 4.
export { correlationId } from './correlation-id';
export { resourceRoutes, type ResourceRoutesOptions } from './resource-routes';
export { onError, notFound, nodeErrorHandler, type OnErrorHandler, type OnErrorOptions } from './error-handlers';
export type { OnError, NodeErrorHandler, NodeErrorHandlerFunction, NodeErrorHandlerOptions } from './error-handlers';
