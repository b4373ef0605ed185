export { ROUTE_TABLE, ROUTE_TYPES, type RouteType, type RouteRow } from './route-table';
export { defineRoutes, type DefineRoutesOptions, type ResourceRoutes } from './define-routes';
export type { RouteOptions, RouteInput, RouteReply, Route } from './route';
export { correlationIdOf } from './route-handler';
