export {
  ROUTE_TABLE,
  ROUTE_TYPES,
  type RouteType,
  type RouteMethod,
  type RouteRow,
  type RouteStatus,
  type RouteErrorStatus,
  type RouteCall,
  type RouteCallInput,
} from './route-table';
export { defineRoutes, type DefineRoutesOptions, type ResourceRoutes } from './define-routes';
export type { RouteOptions, RouteInput, RouteReply, Route } from './route';
export { DEFAULT_BODY_LIMIT, isJsonContentType, parseJsonBody } from './json-body';
export { routeNotFoundError, methodNotAllowedError, bodyTooLargeError } from './route-errors';
export { parseContentEncoding, malformedEncodingError, hasBody, type BodyEncoding } from './body-encoding';
