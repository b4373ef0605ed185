export { correlationId } from './correlation-id';
export { resourceRouter, type ResourceRouterOptions } from './resource-router';
export { notFound } from './not-found';
export { errorHandler, type ErrorHandlerOptions } from './error-handler';
