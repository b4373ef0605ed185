export { correlationId } from './correlation-id';
export { resourceRouter, type ResourceRouterOptions } from './resource-router';
export { errorHandler, notFound, type ErrorHandlerOptions } from './error-handler';
