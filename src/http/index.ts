// pagelope/http: what a framework adapter needs beside the root entry, as tRPC's adapters use `@trpc/server/http`.
// The request body and content-encoding rules, the route-level errors (404, 405, 413, 415), the correlation-id and
// error-reporting helpers, the framework-neutral route types, the URL splitter, the OpenAPI document's route, and the
// edge (`handleExchange`) every adapter hands its matched routes to. A helper that only one adapter uses is not
// exported: that adapter imports it from its file in src/http (dependency-cruiser rule `adapters-use-public-entries`).

// Request bodies.
export { DEFAULT_BODY_LIMIT, isJsonContentType, parseJsonBody } from './json-body';
export { DEFAULT_DEPTH_LIMIT } from './json-depth';
export { parseContentEncoding, malformedEncodingError, hasBody } from './body-encoding';
export { splitUrl } from './split-url';

// The edge: one request matched, read, run and answered, whatever the server; its Fetch API wrapper.
export {
  createEdge,
  handleExchange,
  type Edge,
  type EdgeSetup,
  type Exchange,
  type ExchangeReply,
} from './handle-exchange';
export { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from './create-fetch-handler';

// Route-level errors, and the status classes and names behind every envelope.
export {
  routeNotFoundError,
  methodNotAllowedError,
  bodyTooLargeError,
  unsupportedMediaTypeError,
} from './route-errors';
export {
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  TooManyRequestsError,
  InternalServerError,
  ServiceUnavailableError,
  STATUS_NAMES,
  statusName,
  isSafeCorrelationId,
  createErrorReporter,
} from '../errors/index';

// The routes as a framework mounts them.
export type { Route, RouteInput, RouteReply } from '../routes/index';
export { toOpenApiRoute, responseSchemaOf, type OpenApiRoute, type OpenApiRouteOptions } from '../openapi/index';

// Express adapter: what resourceRouter and errorHandler share with the other adapters (set-up checks, error reply).
export { toMountableRoutes, type MountableRoutes } from './mountable-routes';
export { readAdapterOptions } from './adapter-options';
export { toErrorReply } from './to-error-reply';

// Fastify adapter: the 400 of a body that is not JSON.
export { malformedJsonError } from './malformed-json-error';

// Hono adapter and pagelope/node: the arguments checked (the OpenAPI route listed among the mounts), a reply's
// headers, the error reporter of an adapter's options.
export { readRouteOptions } from './read-route-options';
export { readErrorReporter } from './reply-to-error';
export { routeReplyHeaders } from './route-reply-headers';

// Every adapter: which routes read a body and up to what size, and the order to register path patterns in.
export { routeReadsBody, routeBodyLimit } from './route-body';
export { toMountOrder } from './to-mount-order';

// NestJS adapter and pagelope/node: a Node request's JSON body, the 405's allow lookup.
export { readNodeJsonBody } from './read-node-json-body';
export { allowOf } from './allow-of';
