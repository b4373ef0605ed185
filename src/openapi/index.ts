export { toOpenApi } from './to-open-api';
export { toOpenApiRoute, type OpenApiRoute } from './to-open-api-route';
export { responseSchemaOf } from './response-schema';
export type {
  OpenApiDocument,
  OpenApiHeader,
  OpenApiInfo,
  OpenApiOptions,
  OpenApiRouteOptions,
  OpenApiSecurityRequirement,
  OpenApiSecurityScheme,
} from './open-api-options';
