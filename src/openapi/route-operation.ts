import type { Resource } from '../resource/index';
import { ROUTE_TABLE, type Route, type RouteType } from '../routes/index';
import { listParameters } from './list-parameters';
import { totalModesOf } from './page-schemas';
import { embedParameters } from './relation-parameters';
import type { ResourceNames } from './resource-names';
import { ERROR_RESPONSES, type ErrorStatus } from './shared-components';

/** The component names of one resource's schemas. */
export interface ResourceSchemaNames {
  readonly record: string;
  readonly create: string;
  readonly replace: string;
  readonly patch: string;
  readonly page: string;
  readonly cursorPage: string;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const inline = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });

/** How {@link routeOperation} documents a route beyond its row of the route table. */
export interface RouteOperationOptions {
  /**
   * Another route's literal path, such as `{path}/cursor`, matches this route's `{id}` and takes none of its method:
   * a 405 is listed.
   */
  readonly methodShadowed?: boolean;
  /** The schema of the `{id}` path parameter (default a non-empty string). */
  readonly idSchema?: Record<string, unknown>;
  /** The document's `security` requires credentials: 401 and 403 are listed. */
  readonly authenticated?: boolean;
  /** The schema of one item of a batch update (the patch body, its id required and writable). */
  readonly patchItem?: Record<string, unknown>;
}

/** An object holding one array, `name`, of `items` (at most `max` of them, at least one with `min`). */
const listOf = (name: string, items: unknown, description: string, max?: number, min = 0) => ({
  type: 'object',
  description,
  required: [name],
  properties: {
    [name]: {
      type: 'array',
      items,
      ...(min > 0 ? { minItems: min } : {}),
      ...(max === undefined ? {} : { maxItems: max }),
    },
  },
  additionalProperties: false,
});

/** The request body schema of a route: a component, or for a batch route an object around its items. */
function bodySchema(
  kind: Exclude<(typeof ROUTE_TABLE)[RouteType]['body'], 'none'>,
  schemas: ResourceSchemaNames,
  idField: string,
  idSchema: Record<string, unknown>,
  max: number | undefined,
  patchItem: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (kind === 'createMany') return inline(listOf('items', ref(schemas.create), 'The records to create.', max, 1));
  if (kind === 'updateMany') {
    // Not an `allOf` of the patch body: its id is read-only there, and a read-only property a client may not send.
    const item = structuredClone(
      patchItem ?? { type: 'object', required: [idField], properties: { [idField]: idSchema } },
    );
    return inline(
      listOf('items', item, `The changes: each the \`${idField}\` of a record and its fields to change.`, max, 1),
    );
  }
  if (kind === 'ids') return inline(listOf('ids', idSchema, 'The ids of the records to delete.', max, 1));
  return json(schemas[kind]);
}

/** The success schema of a route: a component, or for a batch route an object around the records or ids. */
function replySchema(
  kind: Exclude<(typeof ROUTE_TABLE)[RouteType]['response'], 'none'>,
  schemas: ResourceSchemaNames,
  idSchema: Record<string, unknown>,
): Record<string, unknown> {
  if (kind === 'items')
    return inline(listOf('items', ref(schemas.record), 'The records as stored, in the order given.'));
  if (kind === 'ids') return inline(listOf('ids', idSchema, 'The ids, in the order given.'));
  return json(schemas[kind]);
}
const correlationHeader = { $ref: '#/components/headers/CorrelationId' };

/**
 * The OpenAPI operation object of one route, from its row of the route table: id and summary, the path id and list
 * parameters, the request body, the success response with its headers, and the row's error responses (with 405, 401
 * and 403 as `options` say).
 */
export function routeOperation(
  route: Route & { readonly type: RouteType },
  resource: Resource,
  names: ResourceNames,
  schemas: ResourceSchemaNames,
  options: RouteOperationOptions = {},
): Record<string, unknown> {
  const { methodShadowed = false, idSchema = { type: 'string', minLength: 1 }, authenticated = false } = options;
  const row = ROUTE_TABLE[route.type];
  const text = (template: string) =>
    template.replace(/\{(singular|plural|tag)\}/g, (_, name: keyof ResourceNames) => names[name]);
  const parameters: unknown[] = [{ $ref: '#/components/parameters/CorrelationId' }];
  if (row.query !== 'none')
    parameters.push(...listParameters(resource, route.pagination ?? resource.pagination, row.query));
  if (/\/:id(\/|$)/.test(row.suffix)) {
    parameters.push({
      name: 'id',
      in: 'path',
      required: true,
      description: `The \`${resource.idField}\` of the record.`,
      schema: idSchema,
    });
  }
  // The one record read (`GET {path}/:id`) embeds and counts as the lists do.
  if (route.type === 'GET') parameters.push(...embedParameters(resource));
  parameters.push(...lifecycleParameters(route, resource));
  const { version } = resource;
  const headers = {
    ...listHeaders(route),
    ...(row.location ? { location: { $ref: '#/components/headers/Location' } } : {}),
    ...(version !== undefined && row.response === 'record' ? { etag: { $ref: '#/components/headers/ETag' } } : {}),
  };
  const success = {
    description: text(row.openApi.success),
    headers: { 'x-correlation-id': correlationHeader, ...headers },
  };
  const responses: Record<string, unknown> = {
    [row.status]:
      row.response === 'none' ? success : { ...success, content: replySchema(row.response, schemas, idSchema) },
  };
  if (version !== undefined && route.type === 'GET') responses['304'] = NOT_MODIFIED;
  const statuses: ErrorStatus[] = [...row.errors];
  if (methodShadowed) statuses.push(405);
  if (authenticated) statuses.push(401, 403);
  if (route.requireIfMatch === true) statuses.push(428);
  statuses.sort((a, b) => a - b);
  for (const status of statuses) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
  }
  return {
    operationId: text(row.openApi.operationId),
    summary: text(row.openApi.summary),
    tags: [names.tag],
    parameters,
    ...(row.body === 'none'
      ? {}
      : {
          requestBody: {
            required: true,
            description: 'A JSON object.',
            content: bodySchema(row.body, schemas, resource.idField, idSchema, route.maxItems, options.patchItem),
          },
        }),
    responses,
  };
}

/** The 304 of a conditional `GET {path}/{id}`: no body, the tag it matched and the correlation id. */
const NOT_MODIFIED = Object.freeze({
  description: 'Not Modified: `if-none-match` names the current etag of the record (or is `*`); no body.',
  headers: { 'x-correlation-id': correlationHeader, etag: { $ref: '#/components/headers/ETag' } },
});

/**
 * The lifecycle parameters the route enables: `deleted` (a route with the `deleted` option), `permanent` (a `DELETE`
 * with the `permanent` option), `if-match` on a write to one record of a versioned resource (required with
 * `requireIfMatch`; without a version only where required, `*` being the one value that then passes) and
 * `if-none-match` on `GET {path}/{id}` of a versioned resource.
 */
function lifecycleParameters(route: Route & { readonly type: RouteType }, resource: Resource): unknown[] {
  const parameters: unknown[] = [];
  const { version } = resource;
  if (route.deleted === true) {
    parameters.push({
      name: 'deleted',
      in: 'query',
      required: false,
      description:
        '`include`: deleted records too; `only`: deleted records only. Absent: live records only (a deleted record is a 404).',
      schema: { type: 'string', enum: ['include', 'only'] },
    });
  }
  if (route.clientTotal !== undefined) {
    parameters.push({
      name: 'total',
      in: 'query',
      required: false,
      description:
        `How the page's total is counted, instead of the route's \`${route.total ?? 'exact'}\`: \`none\` (no count, ` +
        'null totals), `estimated` (exact up to the threshold, then an estimate; see `totalRelation`), `exact`.',
      schema: { type: 'string', enum: [...route.clientTotal] },
    });
  }
  if (route.type === 'DELETE' && route.permanent === true) {
    parameters.push({
      name: 'permanent',
      in: 'query',
      required: false,
      description: '`true` removes the record (deleted or not) instead of marking it deleted; `false` is the default.',
      schema: { type: 'string', enum: ['true', 'false'] },
    });
  }
  const takesIfMatch = (ROUTE_TABLE[route.type].options as readonly string[]).includes('requireIfMatch');
  const required = route.requireIfMatch === true;
  if (takesIfMatch && (version !== undefined || required)) {
    parameters.push({
      name: 'if-match',
      in: 'header',
      required,
      description:
        version === undefined
          ? 'Required by this route: `*` (any existing record). The resource has no version, so any entity tag is a 412.'
          : `The \`etag\` of the record as read (\`"<${version}>"\`, a comma-separated list of them, or \`*\`): the write happens only if the record still has that version, else a 412 and nothing is written.${required ? ' Without it, a 428.' : ''}`,
      schema: { ...IF_MATCH_SCHEMA },
    });
  }
  if (version !== undefined && route.type === 'GET') {
    parameters.push({
      name: 'if-none-match',
      in: 'header',
      required: false,
      description:
        'The `etag` of the record as last read (or a list of them, or `*`): when it still names the current version, a 304 without a body.',
      schema: { type: 'string', minLength: 1 },
    });
  }
  return parameters;
}

/** One entity tag of a version (`"3"`), weak (`W/"3"`, which never matches a write) or not. */
const TAG = '(W/)?"[1-9][0-9]{0,14}"';

/** `If-Match` as the service reads it: `*`, or a comma-separated list of entity tags, up to 1,000 characters. */
const IF_MATCH_SCHEMA = Object.freeze({
  type: 'string',
  minLength: 1,
  maxLength: 1000,
  pattern: `^[ \\t]*(\\*|${TAG}([ \\t]*,[ \\t]*${TAG})*)[ \\t]*$`,
});

/** The paging headers a `GET_LIST` route sends, as its options say. */
function listHeaders(route: Route): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  if (route.linkHeader) {
    headers['link'] = {
      description:
        'RFC 8288 links to the `first`, `prev` (not on page 1), `next` (not on the last page) and `last` pages: this request with only `page` changed. Left out when longer than 4,096 characters.',
      required: false,
      schema: { type: 'string' },
    };
  }
  if (route.totalCountHeader) {
    // Only an exact total is sent: a route that may answer in the 'none' or 'estimated' mode sends it only sometimes.
    const modes = totalModesOf(route);
    headers['x-total-count'] = {
      description: "The total, as in the body; absent without an exact total ('none' mode, an 'approx' estimate).",
      required: modes.size === 1 && modes.has('exact'),
      schema: { type: 'string', pattern: '^[0-9]+$' },
    };
    headers['access-control-expose-headers'] = {
      description: 'Names `x-total-count` (and `link`), so that browser clients on another origin may read them.',
      required: true,
      schema: { type: 'string' },
    };
  }
  return headers;
}
