export { toOpenApi } from './to-open-api';
export { toOpenApiRoute, type OpenApiRoute } from './to-open-api-route';
export type {
  OpenApiDocument,
  OpenApiInfo,
  OpenApiOptions,
  OpenApiRouteOptions,
  OpenApiServer,
} from './open-api-options';
