import { baseResource, type Resource } from '../resource/index';
import { ROUTE_TABLE, type Route, type ResourceRoutes } from '../routes/index';
import { checkSecurityAndHeaders } from './check-security-and-headers';
import { PAGE_KINDS, PAGE_SCHEMAS, totalModesOf } from './page-schemas';
import type { OpenApiDocument, OpenApiOptions, OpenApiSecurityRequirement } from './open-api-options';
import { recordSchemas } from './record-schemas';
import { addRelatedComponents, addRelationProperties } from './relation-schemas';
import { resourceNames } from './resource-names';
import { routeOperation, type ResourceSchemaNames } from './route-operation';
import { ERROR_ENVELOPE_SCHEMA, sharedComponents } from './shared-components';

const OPTION_KEYS = new Set(['info', 'servers', 'securitySchemes', 'security', 'headers']);
const INFO_KEYS = new Set(['title', 'version', 'description']);
/** The request body schemas, in the order the document lists them. */
const BODY_KINDS = ['create', 'replace', 'patch'] as const;

/**
 * The OpenAPI 3.1 document of one or more resources' routes (`defineRoutes`): a path and an operation per enabled
 * route (`listUsers`, `listUsersByCursor`, `getUser`, `createUser`, `replaceUser`, `updateUser`, `deleteUser`,
 * `restoreUser`), one
 * tag per resource, the list grammar as query parameters (`limit` and `page` or `cursor` with the route's page
 * sizes, `orderBy` and `orderDirection` over the sortable fields and to-one relation paths, one form parameter
 * `field[op]` per allowed operator of each filterable field and relation path, `<relation>[match]`, `or`, `include`
 * and `counts`), the record (with its optional embeds and `_count`), body, page and error-envelope schemas (and the
 * record of each related resource the document does not list), and every success and error response with its
 * headers. The lifecycle is documented as the routes enable it: `deleted` and `permanent` where a route takes them,
 * and for a resource with a `version` the `etag` header of one-record replies, `if-match` on the writes (required
 * with `requireIfMatch`) and `if-none-match` with its 304 on `GET {path}/{id}`. Returns a new plain, JSON-serialisable object on each call (yours to change).
 *
 * The `securitySchemes` and `security` options go to `components.securitySchemes` and the document's `security`;
 * each of the `headers` becomes a header parameter of every operation.
 *
 * @throws TypeError for options without `info.title` and `info.version` strings, an unknown option, servers that
 * are not `{ url, description? }` objects, a security scheme or requirement or header that is malformed (a
 * requirement naming an undeclared scheme, a header name that is not lowercase `a-z0-9-` or is reserved), routes that are not `defineRoutes`' results, or two resources whose
 * names give the same schema or operation names.
 * @example
 * const document = toOpenApi(defineRoutes(service), { info: { title: 'Users API', version: '1.0.0' } });
 * writeFileSync('openapi.json', JSON.stringify(document, null, 2));
 */
export function toOpenApi(
  routes: ResourceRoutes | readonly ResourceRoutes[],
  options: OpenApiOptions,
): OpenApiDocument {
  checkOptions(options);
  const list: readonly ResourceRoutes[] = Array.isArray(routes) ? routes : [routes as ResourceRoutes];
  if (list.length === 0) fail('routes must name at least one resource');
  const shared = sharedComponents();
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: { name: string; description: string }[] = [];
  const operationIds = new Set<string>();
  const headerParameters = headerParametersOf(options.headers);
  const owners = new Map<string, Resource>();
  const related = new Set<Resource>();
  // Credentials are required unless one alternative of `security` is empty (`{}`: anonymous requests are allowed).
  const requirements = options.security ?? [];
  const authenticated =
    requirements.length > 0 && requirements.every((requirement) => Object.keys(requirement).length > 0);
  for (const item of list) {
    if (typeof item !== 'object' || item === null || !Array.isArray(item.routes) || !(item.allow instanceof Map))
      fail('routes must be what defineRoutes returns, or an array of them');
    const { resource } = item;
    const names = resourceNames(resource);
    const schemaNames: ResourceSchemaNames = {
      record: names.singular,
      create: `${names.singular}Create`,
      replace: `${names.singular}Replace`,
      patch: `${names.singular}Patch`,
      page: `${names.singular}Page`,
      cursorPage: `${names.singular}CursorPage`,
    };
    for (const name of [...Object.values(schemaNames), `${schemaNames.record}Selected`]) {
      if (name in schemas || name === 'ErrorEnvelope')
        fail(`two resources give the schema name ${name}; rename one of them`);
    }
    const bodies = recordSchemas(resource, schemaNames, item.filledOnCreate ?? []);
    owners.set(schemaNames.record, baseResource(resource));
    for (const other of addRelationProperties(bodies.record, resource, (r) => resourceNames(r).singular))
      related.add(other);
    const rows = item.routes.flatMap((route: Route) => (route.type === 'OPENAPI' ? [] : [ROUTE_TABLE[route.type]]));
    const bodyKinds = new Set(rows.map((row) => row.body));
    const responseKinds = new Set(rows.map((row) => row.response));
    schemas[schemaNames.record] = bodies.record;
    // A batch body refers to the single body of its items: createMany to the create body, updateMany to the patch.
    if (bodyKinds.has('createMany')) bodyKinds.add('create');
    if (bodyKinds.has('updateMany')) bodyKinds.add('patch');
    for (const kind of BODY_KINDS) if (bodyKinds.has(kind)) schemas[schemaNames[kind]] = bodies[kind];
    const modes = totalModesOf(item.routes.find((route: Route) => route.type === 'GET_LIST'));
    for (const kind of PAGE_KINDS)
      if (responseKinds.has(kind)) schemas[schemaNames[kind]] = PAGE_SCHEMAS[kind](schemaNames.record, modes);
    if (PAGE_KINDS.some((kind) => responseKinds.has(kind)))
      schemas[`${schemaNames.record}Selected`] = selectedSchema(bodies.record, resource.idField);
    tags.push({ name: names.tag, description: `The ${names.tag} resource.` });
    const idSchema = pathIdSchema(bodies.record, resource.idField);
    for (const route of item.routes) {
      const shadowed = isMethodShadowed(route, item);
      const operation = routeOperation(route, resource, names, schemaNames, {
        methodShadowed: shadowed,
        idSchema,
        authenticated,
        patchItem: patchItemSchema(bodies.patch, resource.idField, idSchema),
      });
      (operation['parameters'] as unknown[]).push(...structuredClone(headerParameters));
      const id = operation['operationId'] as string;
      if (operationIds.has(id)) fail(`two resources give the operation id ${id}; rename one of them`);
      operationIds.add(id);
      const path = route.path.replace(/\/:id(?=\/|$)/, '/{id}');
      (paths[path] ??= {})[route.method.toLowerCase()] = operation;
    }
  }
  addRelatedComponents(schemas, owners, related, fail);
  schemas['ErrorEnvelope'] = structuredClone(ERROR_ENVELOPE_SCHEMA);
  // A response only some routes answer with (428, where a route requires If-Match) is left out when none does.
  const referenced = JSON.stringify(paths);
  for (const name of Object.keys(shared.responses))
    if (!referenced.includes(`"#/components/responses/${name}"`)) delete shared.responses[name];
  // So is the etag header, which only the routes of a resource with a version send.
  if (!referenced.includes('"#/components/headers/ETag"')) delete shared.headers['ETag'];
  const { title, version, description } = options.info;
  return {
    openapi: '3.1.0',
    info: { title, version, ...(description === undefined ? {} : { description }) },
    servers: (options.servers ?? [{ url: '/' }]).map(({ url, description }) =>
      description === undefined ? { url } : { url, description },
    ),
    // pagelope enforces no authentication: an app that does names its schemes and requirements in the options.
    security: structuredClone(options.security ?? []) as OpenApiSecurityRequirement[],
    tags,
    paths,
    components: {
      schemas,
      ...shared,
      ...(options.securitySchemes === undefined ? {} : { securitySchemes: structuredClone(options.securitySchemes) }),
    },
  };
}

/**
 * Whether the framework may answer 405 to a `{path}/{id}` route: another enabled route's path is a literal segment
 * there (`{path}/cursor`) that does not take the route's method, so an id equal to that segment is refused.
 */
function isMethodShadowed(route: Route, routes: ResourceRoutes): boolean {
  if (!route.path.endsWith('/:id')) return false;
  const base = route.path.slice(0, -'/:id'.length);
  for (const [path, methods] of routes.allow) {
    const rest = path.slice(base.length);
    if (path.startsWith(`${base}/`) && /^\/[^/:]+$/.test(rest) && !methods.split(', ').includes(route.method))
      return true;
  }
  return false;
}

/** The header parameters of the `headers` option, in the order given. */
function headerParametersOf(headers: OpenApiOptions['headers']): unknown[] {
  return Object.entries(headers ?? {}).map(([name, header]) => ({
    name,
    in: 'header',
    required: header.required ?? false,
    ...(header.description === undefined ? {} : { description: header.description }),
    schema: structuredClone(header.schema ?? { type: 'string' }),
  }));
}

/**
 * The schema of the `{id}` path parameter: an integer for a number id (a path carries digits), else a non-empty
 * string.
 */
function pathIdSchema(record: Record<string, unknown>, idField: string): Record<string, unknown> {
  const id = ((record['properties'] ?? {}) as Record<string, { type?: unknown }>)[idField];
  return id?.type === 'integer' || id?.type === 'number' ? { type: 'integer' } : { type: 'string', minLength: 1 };
}

/**
 * One item of a batch update: the patch body's fields and the id, required and writable (in the patch body the id
 * is read-only, which tells clients not to send it).
 */
function patchItemSchema(
  patch: Record<string, unknown>,
  idField: string,
  idSchema: Record<string, unknown>,
): Record<string, unknown> {
  const item = structuredClone(patch);
  const properties = { ...((item['properties'] ?? {}) as Record<string, unknown>) };
  delete properties[idField];
  const id = { ...idSchema, description: 'The id of the record to change.' };
  return { ...item, properties: { [idField]: id, ...properties }, required: [idField] };
}

/** A record as a listing with `select` gives it: the record's fields, only the id required. */
function selectedSchema(record: Record<string, unknown>, idField: string): Record<string, unknown> {
  const rest = structuredClone(record);
  delete rest['required'];
  return {
    ...rest,
    description: `A record holding only the fields \`select\` named, and \`${idField}\`.`,
    required: [idField],
  };
}

function checkOptions(options: OpenApiOptions): void {
  if (typeof options !== 'object' || options === null) fail('options must be an object with info');
  for (const key of Object.keys(options)) if (!OPTION_KEYS.has(key)) fail(`unknown option "${key}"`);
  const info = options.info as Partial<OpenApiOptions['info']> | undefined;
  if (typeof info !== 'object' || info === null) fail('info must be an object with title and version');
  for (const key of Object.keys(info as object)) if (!INFO_KEYS.has(key)) fail(`unknown info key "${key}"`);
  if (typeof info?.title !== 'string' || info.title.length === 0) fail('info.title must be a non-empty string');
  if (typeof info?.version !== 'string' || info.version.length === 0) fail('info.version must be a non-empty string');
  if (info?.description !== undefined && typeof info.description !== 'string')
    fail('info.description must be a string');
  checkSecurityAndHeaders(options, fail);
  const servers = options.servers as unknown;
  if (servers === undefined) return;
  if (!Array.isArray(servers)) fail('servers must be an array of { url, description? }');
  for (const server of servers as unknown[]) {
    const { url, description, ...rest } = (server ?? {}) as Record<string, unknown>;
    if (typeof server !== 'object' || server === null || typeof url !== 'string' || url.length === 0)
      fail('each server needs a url string');
    if (description !== undefined && typeof description !== 'string') fail('a server description must be a string');
    if (Object.keys(rest).length > 0) fail(`unknown server key "${Object.keys(rest)[0]}"`);
  }
}

function fail(message: string): never {
  throw new TypeError(`toOpenApi: ${message}`);
}
