/**
 * The `schema.response` of a route for Fastify's serializer: `responseSchemaOf` of `pagelope/http`, which reads the
 * route's row of the route table and the one field-kind-to-JSON-Schema table. Internal to the adapter.
 */
export { responseSchemaOf } from 'pagelope/http';
