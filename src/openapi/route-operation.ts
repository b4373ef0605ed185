import type { Resource } from '../resource/index';
import type { Route, RouteType } from '../routes/index';
import { listParameters } from './list-parameters';
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

const ERRORS: Readonly<Record<RouteType, readonly ErrorStatus[]>> = {
  GET_LIST: [400, 414, 429, 431, 500, 503],
  GET_LIST_CURSOR: [400, 414, 429, 431, 500, 503],
  GET: [400, 404, 414, 429, 431, 500, 503],
  CREATE: [400, 409, 413, 414, 415, 429, 431, 500, 503],
  UPDATE: [400, 404, 409, 413, 414, 415, 429, 431, 500, 503],
  PARTIAL_UPDATE: [400, 404, 409, 413, 414, 415, 429, 431, 500, 503],
  DELETE: [400, 404, 409, 414, 429, 431, 500, 503],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const correlationHeader = { $ref: '#/components/headers/CorrelationId' };

/** The OpenAPI operation object of one route. */
export function routeOperation(
  route: Route & { readonly type: RouteType },
  resource: Resource,
  names: ResourceNames,
  schemas: ResourceSchemaNames,
  hasCursorRoute = false,
  idSchema: Record<string, unknown> = { type: 'string', minLength: 1 },
): Record<string, unknown> {
  const { singular, plural, tag } = names;
  const idParameter = {
    name: 'id',
    in: 'path',
    required: true,
    description: `The \`${resource.idField}\` of the record.`,
    schema: idSchema,
  };
  const parameters: unknown[] = [{ $ref: '#/components/parameters/CorrelationId' }];
  let operationId: string;
  let summary: string;
  let success: Record<string, unknown>;
  let body: string | undefined;
  switch (route.type) {
    case 'GET_LIST':
      operationId = `list${plural}`;
      summary = `List ${tag}, a page at a time`;
      parameters.push(...listParameters(resource, route.pagination ?? resource.pagination, 'page'));
      success = { 200: ok(`One page of ${tag} with the page metadata.`, schemas.page, listHeaders(route)) };
      break;
    case 'GET_LIST_CURSOR':
      operationId = `list${plural}ByCursor`;
      summary = `List ${tag} by cursor`;
      parameters.push(...listParameters(resource, route.pagination ?? resource.pagination, 'cursor'));
      success = {
        200: ok(`One page of ${tag} and the cursor of the next, or null after the last.`, schemas.cursorPage),
      };
      break;
    case 'GET':
      operationId = `get${singular}`;
      summary = `Get one record of ${tag}`;
      parameters.push(idParameter);
      success = { 200: ok('The record.', schemas.record) };
      break;
    case 'CREATE':
      operationId = `create${singular}`;
      summary = `Create a record of ${tag}`;
      body = schemas.create;
      success = {
        201: {
          description: 'The created record.',
          headers: { 'x-correlation-id': correlationHeader, location: { $ref: '#/components/headers/Location' } },
          content: json(schemas.record),
        },
      };
      break;
    case 'UPDATE':
      operationId = `replace${singular}`;
      summary = `Replace a record of ${tag}`;
      parameters.push(idParameter);
      body = schemas.replace;
      success = { 200: ok('The record as stored.', schemas.record) };
      break;
    case 'PARTIAL_UPDATE':
      operationId = `update${singular}`;
      summary = `Update the named fields of a record of ${tag}`;
      parameters.push(idParameter);
      body = schemas.patch;
      success = { 200: ok('The record as stored.', schemas.record) };
      break;
    case 'DELETE':
      operationId = `delete${singular}`;
      summary = `Delete a record of ${tag}`;
      parameters.push(idParameter);
      success = { 204: { description: 'Deleted.', headers: { 'x-correlation-id': correlationHeader } } };
      break;
  }
  const responses: Record<string, unknown> = { ...success };
  const statuses: ErrorStatus[] = [...ERRORS[route.type]];
  // `{path}/cursor` matches `{path}/{id}` too: a method other than GET there is the cursor route's 405.
  if (hasCursorRoute && route.path.endsWith('/:id') && route.type !== 'GET') statuses.push(405);
  statuses.sort((a, b) => a - b);
  for (const status of statuses) {
    responses[String(status)] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` };
  }
  return {
    operationId,
    summary,
    tags: [tag],
    parameters,
    ...(body === undefined
      ? {}
      : { requestBody: { required: true, description: 'A JSON object.', content: json(body) } }),
    responses,
  };
}

function ok(description: string, schema: string, headers: Record<string, unknown> = {}): Record<string, unknown> {
  return { description, headers: { 'x-correlation-id': correlationHeader, ...headers }, content: json(schema) };
}

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
    headers['x-total-count'] = {
      description: 'The total, as in the body.',
      required: true,
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
