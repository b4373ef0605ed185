import type { FieldDef } from '../fields/index';
import type { Resource } from '../resource/index';
import { ROUTE_TABLE, type Route, type RouteRow } from '../routes/index';
import { FIELD_KIND_SCHEMAS, type JsonSchema } from './field-schema';

/** Any value: a serializer writes it as `JSON.stringify` does. */
const ANY: JsonSchema = Object.freeze({});

// `total` and `totalPages` are null in the 'none' total mode; `totalRelation` is present in 'estimated' mode only.
const PAGE_META: JsonSchema = Object.freeze({
  total: { type: ['number', 'null'] },
  page: { type: 'number' },
  limit: { type: 'number' },
  totalPages: { type: ['number', 'null'] },
  hasNextPage: { type: 'boolean' },
  hasPreviousPage: { type: 'boolean' },
  totalRelation: { type: 'string' },
});

/** The reply body of each response kind of the route table, around the record's schema. */
const RESPONSES: Readonly<Record<RouteRow['response'], (record: JsonSchema) => JsonSchema | undefined>> = {
  page: (record) => ({
    type: 'object',
    properties: { items: { type: 'array', items: record }, ...PAGE_META },
    additionalProperties: true,
  }),
  cursorPage: (record) => ({
    type: 'object',
    properties: { items: { type: 'array', items: record }, nextCursor: { type: ['string', 'null'] } },
    additionalProperties: true,
  }),
  record: (record) => record,
  none: () => undefined,
  items: (record) => ({
    type: 'object',
    properties: { items: { type: 'array', items: record } },
    additionalProperties: true,
  }),
  ids: () => ({ type: 'object', properties: { ids: { type: 'array', items: ANY } }, additionalProperties: true }),
};

/**
 * The JSON Schema a serializer (Fastify's fast-json-stringify) writes a route's success reply with, by the status
 * and response kind of its row in the route table: a page of records for `GET_LIST`, a cursor page for
 * `GET_LIST_CURSOR`, the record for the others (201 for `CREATE`), none for `DELETE` (204, no body). Error replies
 * have no schema and are written with `JSON.stringify`.
 *
 * Each field is typed by its kind ({@link FIELD_KIND_SCHEMAS}), keeping only what such a serializer writes as
 * `JSON.stringify` does (the type, with `null` as a second type for a nullable field, and the `date-time` format
 * that writes a `Date` with `toISOString` without its generic walk: most of the cost of a page, so the list route
 * serialises about four times faster); `'other'` fields stay untyped, hidden fields are left out (the service never returns them), and
 * `additionalProperties` keeps any key the schema does not name (one a hook added), after the named ones. For
 * records the resource's schema validated, the output is the same JSON as `JSON.stringify`'s.
 *
 * @example
 * app.route({ method: route.method, url, schema: { response: responseSchemaOf(route, routes.resource) }, handler });
 */
export function responseSchemaOf(
  route: Pick<Route, 'type'>,
  resource: Resource,
): Readonly<Record<number, Readonly<JsonSchema>>> {
  if (route.type === 'OPENAPI') return {}; // the document itself: serialized as it is
  const row = ROUTE_TABLE[route.type];
  const schema = RESPONSES[row.response](recordSchema(resource));
  return schema === undefined ? {} : { [row.status]: schema };
}

/** The serializer's schema of one record of a resource: its visible fields, typed by kind. */
function recordSchema(resource: Resource): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of resource.fields.values()) {
    if (!resource.hidden.has(field.name)) properties[field.name] = fieldSchema(field);
  }
  return { type: 'object', properties, additionalProperties: true };
}

function fieldSchema(field: FieldDef): JsonSchema {
  if (field.kind === 'other') return ANY;
  const { type, format } = FIELD_KIND_SCHEMAS[field.kind](field);
  // A nullable field takes `null` as a second type: untyped, a serializer would walk its value generically (a
  // nullable date on every record of a page doubled the cost of writing it).
  const types = field.nullable ? [type, 'null'] : type;
  // `date` (a calendar date) would write a `Date` as its local day, `JSON.stringify` as an instant: typed as a string.
  return format === 'date-time' ? { type: types, format } : { type: types };
}
