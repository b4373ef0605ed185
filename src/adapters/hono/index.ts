// pagelope/hono: resource routes, correlation ids and the error envelope on Hono 4.
export { correlationId } from './correlation-id';
export { resourceRoutes, type ResourceRoutesOptions } from './resource-routes';
export { onError } from './on-error';
export { notFound } from './not-found';
export { nodeErrorHandler } from './node-error-handler';
