// The Fastify adapter's one import of src/openapi: a route's response schema for Fastify's serializer.
export { responseSchemaOf } from '../openapi/index';
