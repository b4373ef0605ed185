export { ROUTE_TYPES, type RouteType, type RouteMethod } from './route-types';
export {
  defineRoutes,
  type DefineRoutesOptions,
  type RouteOptions,
  type RouteInput,
  type RouteReply,
  type Route,
  type ResourceRoutes,
} from './define-routes';
export { DEFAULT_BODY_LIMIT, isJsonContentType, parseJsonBody } from './json-body';
export { routeNotFoundError, methodNotAllowedError, bodyTooLargeError } from './route-errors';
export { parseContentEncoding, malformedEncodingError, hasBody, type BodyEncoding } from './body-encoding';
