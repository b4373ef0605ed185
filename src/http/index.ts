// pagelope/http: what a framework adapter needs beside the root entry, as tRPC's adapters use `@trpc/server/http`:
// the edge (`createEdge`, `handleExchange`) every adapter hands its routes to, its Fetch API wrapper, the routes as a
// framework mounts them, the route-level errors (404, 405, 413, 415), and the URL, body and error-reply rules of the
// docs' adapter. At most 20 names (tests/code-figures.test.ts), none used by exactly one adapter: such a helper stays
// in its file of src/http, which that adapter imports by path (dependency-cruiser rule `adapters-use-public-entries`).

// The edge: one request matched, read, run and answered, whatever the server; its Fetch API wrapper.
export { createEdge, handleExchange, type Edge, type ExchangeReply } from './handle-exchange';
export { createFetchHandler, type FetchHandlerOptions } from './create-fetch-handler';

// The routes as a framework mounts them.
export type { Route } from '../routes/index';
export { toOpenApiRoute, type OpenApiRouteOptions } from '../openapi/index';
export { toMountableRoutes, type MountableRoutes } from './mountable-routes';

// Route-level errors.
export {
  routeNotFoundError,
  methodNotAllowedError,
  bodyTooLargeError,
  unsupportedMediaTypeError,
} from './route-errors';

// The request target, the body, the correlation id and the error reply.
export { splitUrl } from './split-url';
export { parseJsonBody } from './json-body';
export { toErrorReply } from './to-error-reply';
export { createErrorReporter, isSafeCorrelationId } from '../errors/index';
