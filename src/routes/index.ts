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
export { correlationIdOf } from './route-handler';
