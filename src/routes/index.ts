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
