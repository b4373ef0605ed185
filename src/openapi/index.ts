export { toOpenApi } from './to-open-api';
export { toOpenApiRoute, type OpenApiRoute } from './to-open-api-route';
export type {
  OpenApiDocument,
  OpenApiHeader,
  OpenApiInfo,
  OpenApiOptions,
  OpenApiRouteOptions,
  OpenApiSecurityRequirement,
  OpenApiSecurityScheme,
  OpenApiServer,
} from './open-api-options';
