import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  errorResponse,
  toOpenApi,
  type OpenApiDocument,
} from 'pagelope';
import { toOpenApiRoute, type Route } from 'pagelope/http';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { createBookRoutes } from './books-routes';

const info = { title: 'Test API', version: '1.2.3' };
const demo = createDemoRoutes({ seedRecords: 30 });
const users = toOpenApi(demo.routes, { info });
const bookRoutes = createBookRoutes();
const books = toOpenApi(bookRoutes, { info, servers: [{ url: 'http://127.0.0.1:3000', description: 'local' }] });

type Json = Record<string, any>;

const searchableNotes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), title: z.string(), body: z.string().nullable(), secret: z.string() }),
  filterable: ['title'],
  searchable: ['title', 'body'],
  hidden: ['secret'],
});
const operation = (document: OpenApiDocument, path: string, method: string): Json =>
  (document.paths[path] as Json)[method] as Json;
const parameter = (op: Json, name: string): Json => (op['parameters'] as Json[]).find((p) => p['name'] === name)!;
const schema = (document: OpenApiDocument, name: string): Json => document.components.schemas[name] as Json;

describe('toOpenApi', () => {
  it('returns an OpenAPI 3.1 document with the info, servers (default "/"), no security requirement and one tag per resource', () => {
    expect(users).toMatchObject({ openapi: '3.1.0', info, servers: [{ url: '/' }], security: [] });
    expect(books.servers).toEqual([{ url: 'http://127.0.0.1:3000', description: 'local' }]);
    expect(users.tags).toEqual([{ name: 'users', description: 'The users resource.' }]);
    const both = toOpenApi([demo.routes, bookRoutes], { info: { ...info, description: 'Two resources' } });
    expect(both.info.description).toBe('Two resources');
    expect(both.tags.map((tag) => tag.name)).toEqual(['users', 'books']);
  });

  it('returns plain JSON data: a JSON round trip gives the same document', () => {
    expect(JSON.parse(JSON.stringify(users))).toEqual(users);
    expect(JSON.parse(JSON.stringify(books))).toEqual(books);
  });

  it('returns a new object on each call', () => {
    const again = toOpenApi(demo.routes, { info });
    expect(again).toEqual(users);
    expect(again).not.toBe(users);
    expect(again.components.schemas).not.toBe(users.components.schemas);
  });

  it('gives each enabled route a path, method and operationId named after the resource', () => {
    const ids = (document: OpenApiDocument) =>
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${(op as Json)['operationId']}`),
      );
    expect(ids(users)).toEqual([
      'GET /users listUsers',
      'POST /users createUser',
      'GET /users/cursor listUsersByCursor',
      'GET /users/{id} getUser',
      'PUT /users/{id} replaceUser',
      'PATCH /users/{id} updateUser',
      'DELETE /users/{id} deleteUser',
      'POST /users/{id}/restore restoreUser',
      'POST /users/batch createUsers',
      'PATCH /users/batch updateUsers',
      'DELETE /users/batch deleteUsers',
    ]);
    expect(ids(books)).toEqual([
      'GET /library/books listBooks',
      'POST /library/books createBook',
      'GET /library/books/cursor listBooksByCursor',
      'GET /library/books/{id} getBook',
      'PATCH /library/books/{id} updateBook',
      'DELETE /library/books/{id} deleteBook',
    ]);
    for (const methods of Object.values(users.paths)) {
      for (const op of Object.values(methods)) {
        expect((op as Json)['tags']).toEqual(['users']);
        expect((op as Json)['summary']).toEqual(expect.any(String));
      }
    }
  });

  it.each([
    ['users', 'User', 'Users'],
    ['categories', 'Category', 'Categories'],
    ['boxes', 'Box', 'Boxes'],
    ['order-items', 'OrderItem', 'OrderItems'],
    ['status', 'Status', 'Status'],
    ['sheep', 'Sheep', 'Sheep'],
    ['line_items', 'LineItem', 'LineItems'],
  ])('names resource %j %s and %s', (name, singular, plural) => {
    const resource = defineResource({ name, schema: z.object({ id: z.string() }) });
    const service = createResourceService({ resource, repository: createMemoryRepository(resource) });
    const document = toOpenApi(defineRoutes(service), { info });
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((op) => (op as Json)['operationId']),
    );
    expect(ids).toContain(`list${plural}`);
    expect(ids).toContain(`get${singular}`);
    expect(Object.keys(document.components.schemas)).toContain(singular);
  });

  it("documents limit with the route's own page sizes and says when a larger one is clamped or refused", () => {
    const list = parameter(operation(users, '/users', 'get'), 'limit');
    // A clamped limit has no maximum (the server answers a larger one); a refused one has its maximum.
    expect(list).toMatchObject({ in: 'query', required: false });
    expect(list['schema']).toEqual({ type: 'integer', minimum: 1, default: 10 });
    expect(list['description']).toMatch(/clamped to 100/);
    const bookList = parameter(operation(books, '/library/books', 'get'), 'limit');
    expect(bookList['schema']).toEqual({ type: 'integer', minimum: 1, default: 5 });
    expect(bookList['description']).toMatch(/clamped to 50/);
    const cursor = parameter(operation(books, '/library/books/cursor', 'get'), 'limit');
    expect(cursor['schema']).toEqual({ type: 'integer', minimum: 1, maximum: 20, default: 20 });
    expect(cursor['description']).toMatch(/is a 400/);
    expect(parameter(operation(users, '/users/cursor', 'get'), 'limit')['schema']).toEqual({
      type: 'integer',
      minimum: 1,
      default: 20,
    });
  });

  it('documents page on the list route and cursor on the cursor route, never both', () => {
    const list = operation(users, '/users', 'get');
    const cursor = operation(users, '/users/cursor', 'get');
    expect(parameter(list, 'page')['schema']).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647, default: 1 });
    expect(parameter(list, 'cursor')).toBeUndefined();
    expect(parameter(cursor, 'cursor')['schema']).toEqual({ type: 'string', minLength: 1 });
    expect(parameter(cursor, 'page')).toBeUndefined();
  });

  it('documents orderBy over the sortable fields and orderDirection in any case, each one or a comma list', () => {
    const op = operation(books, '/library/books', 'get');
    const orderBy = new RegExp(parameter(op, 'orderBy')['schema'].pattern as string);
    const direction = new RegExp(parameter(op, 'orderDirection')['schema'].pattern as string);
    for (const ok of ['title', 'pages,publishedAt', 'id', 'title,pages,publishedAt,id']) expect(ok).toMatch(orderBy);
    for (const bad of ['secret', 'author', 'title,', ',title', 'title pages', '']) expect(bad).not.toMatch(orderBy);
    for (const ok of ['ASC', 'desc', 'Asc,DESC', 'asc,asc,desc']) expect(ok).toMatch(direction);
    for (const bad of ['up', 'ASC,', 'ASCENDING', '']) expect(bad).not.toMatch(direction);
    expect(parameter(op, 'orderBy')['description']).toMatch(/Default: title ASC/);
  });

  it('documents one form parameter field[op] per allowed operator of each filterable field, typed by kind', () => {
    const op = operation(books, '/library/books', 'get');
    const filters = (op['parameters'] as Json[]).filter((p) => /^\w+\[\w+\]$/.test(p['name'] as string));
    const fields = [...new Set(filters.map((p) => (p['name'] as string).split('[')[0]))];
    expect(fields).toEqual(['title', 'author', 'genre', 'pages', 'price', 'inPrint', 'publishedAt']);
    for (const field of fields) {
      const allowed = [...bookRoutes.resource.filterable.get(field as string)!];
      const names = filters.filter((p) => (p['name'] as string).startsWith(`${field}[`)).map((p) => p['name']);
      expect(names).toEqual([...allowed, 'operator', 'value', 'values'].map((sub) => `${field}[${sub}]`));
      expect(parameter(op, `${field}[operator]`)['schema'].enum).toEqual(allowed);
    }
    // No deepObject anywhere: OpenAPI defines no serialization of an array inside one.
    expect((op['parameters'] as Json[]).filter((p) => p['style'] === 'deepObject')).toEqual([]);
    for (const filter of filters) {
      expect(filter).toMatchObject({ in: 'query', required: false });
      if (filter['schema'].type === 'array') expect(filter).toMatchObject({ style: 'form', explode: true });
      else expect(filter['style']).toBeUndefined();
    }
    const schema = (name: string) => parameter(op, name)['schema'] as Json;
    expect(schema('title[inl]')).toMatchObject({
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: 100,
    });
    expect(schema('title[cont]')).toMatchObject({ type: 'string', maxLength: 1024 });
    expect(schema('pages[between]')).toMatchObject({
      type: 'array',
      items: { type: 'number' },
      minItems: 2,
      maxItems: 2,
    });
    expect(schema('pages[gt]')).toMatchObject({ type: 'number' });
    expect(schema('author[isnull]')).toMatchObject({ type: 'boolean', enum: [true] });
    expect(schema('genre[in]')).toMatchObject({ items: { type: 'string', enum: ['fiction', 'science', 'history'] } });
    expect(schema('inPrint[eq]')).toMatchObject({ type: 'boolean' });
    expect(schema('publishedAt[gte]')).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schema('publishedAt[values]')).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'date-time' },
    });
    // The cursor route has the same filters and order.
    const cursor = operation(books, '/library/books/cursor', 'get');
    expect((cursor['parameters'] as Json[]).filter((p) => /^\w+\[\w+\]$/.test(p['name'] as string))).toEqual(filters);
    expect(parameter(cursor, 'orderBy')).toBeDefined();
  });

  it('documents or as one JSON string of up to 8 groups of the same field operators', () => {
    for (const path of ['/library/books', '/library/books/cursor']) {
      const op = operation(books, path, 'get');
      const or = parameter(op, 'or');
      expect(or).toMatchObject({ in: 'query', required: false });
      expect(or['style']).toBeUndefined();
      expect(or['schema']).toMatchObject({ type: 'string', contentMediaType: 'application/json' });
      const groups = or['schema'].contentSchema as Json;
      expect(groups).toMatchObject({ type: 'array', minItems: 1, maxItems: 8 });
      const fields = groups['items'].properties as Json;
      expect(Object.keys(fields)).toEqual(['title', 'author', 'genre', 'pages', 'price', 'inPrint', 'publishedAt']);
      // The operators by name only: the spec form (`operator`, `value`, `values`) is the query string's.
      expect(Object.keys(fields['pages'].properties)).toEqual([...bookRoutes.resource.filterable.get('pages')!]);
      expect(fields['pages'].properties.between).toEqual({
        type: 'array',
        items: { type: 'number' },
        minItems: 2,
        maxItems: 2,
      });
      expect(or['description']).toMatch(/32 conditions/);
    }
  });

  it('documents search only on searchable resources, and select over the visible fields', () => {
    const plain = toOpenApi(bookRoutes, { info });
    expect(parameter(operation(plain, '/library/books', 'get'), 'search')).toBeUndefined();
    const service = createResourceService({
      resource: searchableNotes,
      repository: createMemoryRepository(searchableNotes),
    });
    const notes = toOpenApi(defineRoutes(service), { info });
    for (const path of ['/notes', '/notes/cursor']) {
      const op = operation(notes, path, 'get');
      expect(parameter(op, 'search')).toMatchObject({
        in: 'query',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      });
      expect(parameter(op, 'search')['description']).toMatch(/`title`, `body`/);
      const select = new RegExp(parameter(op, 'select')['schema'].pattern as string);
      for (const ok of ['id', 'title,body', 'body,id,title']) expect(ok).toMatch(select);
      for (const bad of ['secret', 'title,secret', '', 'title,']) expect(bad).not.toMatch(select);
    }
  });

  it('documents the paging headers the list route sends', () => {
    const headers = (document: OpenApiDocument, path: string) =>
      (operation(document, path, 'get')['responses']['200'] as Json)['headers'] as Json;
    expect(Object.keys(headers(users, '/users'))).toEqual(['x-correlation-id', 'link']);
    expect(Object.keys(headers(users, '/users/cursor'))).toEqual(['x-correlation-id']);
    const service = createResourceService({
      resource: searchableNotes,
      repository: createMemoryRepository(searchableNotes),
    });
    const counted = toOpenApi(
      defineRoutes(service, { routes: { GET_LIST: { linkHeader: false, totalCountHeader: true } } }),
      { info },
    );
    expect(Object.keys(headers(counted, '/notes'))).toEqual([
      'x-correlation-id',
      'x-total-count',
      'access-control-expose-headers',
    ]);
    expect(headers(counted, '/notes')['x-total-count']).toMatchObject({ required: true });
  });

  it('documents the optional x-correlation-id request header on every operation', () => {
    for (const methods of Object.values(books.paths)) {
      for (const op of Object.values(methods)) {
        expect((op as Json)['parameters']).toContainEqual({ $ref: '#/components/parameters/CorrelationId' });
      }
    }
    expect(books.components.parameters?.['CorrelationId']).toMatchObject({
      name: 'x-correlation-id',
      in: 'header',
      required: false,
    });
  });

  it('describes the record without hidden fields, dates as date-time strings', () => {
    const book = schema(books, 'Book');
    expect(Object.keys(book['properties'])).not.toContain('secret');
    expect(book['required']).not.toContain('secret');
    expect(book['properties'].publishedAt).toEqual({
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
    expect(book['properties'].createdAt).toEqual({ type: 'string', format: 'date-time' });
    expect(book['required']).toEqual(expect.arrayContaining(['id', 'title', 'author', 'createdAt', 'inPrint', 'tags']));
    expect(book['required']).not.toContain('price');
  });

  it('describes create bodies with only client-writable fields, required as the schema says, defaults shown', () => {
    const create = schema(books, 'BookCreate');
    expect(Object.keys(create['properties'])).toEqual([
      'id',
      'title',
      'author',
      'genre',
      'pages',
      'price',
      'inPrint',
      'publishedAt',
      'tags',
    ]);
    expect(create['required']).toEqual(['id', 'title', 'author', 'genre', 'pages', 'publishedAt']);
    expect(create['properties'].inPrint).toMatchObject({ type: 'boolean', default: true });
    expect(create).not.toHaveProperty('additionalProperties'); // unknownFields: 'strip'
    const user = schema(users, 'UserCreate');
    expect(Object.keys(user['properties'])).not.toContain('id'); // the server assigns ids
    expect(user['additionalProperties']).toBe(false); // unknownFields: 'reject'
  });

  it('describes replace and patch bodies: the id read-only and never required, a patch requires nothing and has no defaults', () => {
    for (const name of ['UserReplace', 'UserPatch']) {
      const body = schema(users, name);
      expect(body['properties'].id).toMatchObject({ type: 'string', readOnly: true });
      expect(body['required'] ?? []).not.toContain('id');
      expect(Object.keys(body['properties'])).toEqual(['id', 'username', 'email', 'status', 'age', 'createdAt']);
    }
    const patch = schema(books, 'BookPatch');
    expect(patch).not.toHaveProperty('required');
    expect(Object.keys(patch['properties'])).not.toContain('createdAt');
    expect(Object.keys(patch['properties'])).not.toContain('secret');
    for (const property of Object.values(patch['properties'] as Json)) expect(property).not.toHaveProperty('default');
    expect(books.components.schemas).not.toHaveProperty('BookReplace'); // no PUT route
  });

  it('describes create bodies without requiring the fields filledOnCreate and the repository databaseDefaults name', () => {
    const resource = defineResource({
      name: 'posts',
      schema: z.object({ id: z.string(), title: z.string(), slug: z.string(), createdAt: z.date() }),
    });
    const createSchema = (repository: object, options: object = {}) => {
      const service = createResourceService({ resource, repository: repository as never });
      return schema(toOpenApi(defineRoutes(service, options), { info }), 'PostCreate');
    };
    const memory = createMemoryRepository(resource);
    expect(createSchema(memory)['required']).toEqual(['title', 'slug', 'createdAt']);
    expect(createSchema(memory, { filledOnCreate: ['slug'] })['required']).toEqual(['title', 'createdAt']);
    const filled = { ...memory, databaseDefaults: ['createdAt'] };
    expect(createSchema(filled)['required']).toEqual(['title', 'slug']);
    expect(createSchema(filled, { filledOnCreate: ['slug', 'createdAt'] })['required']).toEqual(['title']);
    // Still in the record: filled on create, the field is there once stored.
    const service = createResourceService({ resource, repository: filled as never });
    expect(schema(toOpenApi(defineRoutes(service), { info }), 'Post')['required']).toContain('createdAt');
  });

  it.each([
    [{ filledOnCreate: 'slug' }, /filledOnCreate must be an array of field names/],
    [{ filledOnCreate: ['nope'] }, /filledOnCreate: "nope" is not a field of the resource/],
    [{ filledOnCreate: ['__proto__'] }, /filledOnCreate: "__proto__" is not a field/],
    [{ filledOnCreate: [1] }, /filledOnCreate: 1 is not a field/],
  ])('defineRoutes throws a TypeError for %j', (options, message) => {
    const resource = defineResource({ name: 'posts', schema: z.object({ id: z.string(), slug: z.string() }) });
    const service = createResourceService({ resource, repository: createMemoryRepository(resource) });
    expect(() => defineRoutes(service, options as never)).toThrow(message);
  });

  it('documents the securitySchemes, the security and the headers options on every operation', () => {
    const document = toOpenApi(demo.routes, {
      info,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        key: { type: 'apiKey', name: 'x-api-key', in: 'header', description: 'A key per client.' },
      },
      security: [{ bearer: [] }, { key: [] }],
      headers: {
        'x-tenant-id': { required: true, description: 'The tenant.', schema: { type: 'string', minLength: 1 } },
        'x-trace': {},
      },
    });
    expect(document.security).toEqual([{ bearer: [] }, { key: [] }]);
    expect(document.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      key: { type: 'apiKey', name: 'x-api-key', in: 'header', description: 'A key per client.' },
    });
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as Json[];
    // The demo's eleven routes: the seven single-record ones, RESTORE and the three batches.
    expect(operations).toHaveLength(11);
    for (const op of operations) {
      expect(parameter(op, 'x-tenant-id')).toEqual({
        name: 'x-tenant-id',
        in: 'header',
        required: true,
        description: 'The tenant.',
        schema: { type: 'string', minLength: 1 },
      });
      expect(parameter(op, 'x-trace')).toEqual({
        name: 'x-trace',
        in: 'header',
        required: false,
        schema: { type: 'string' },
      });
    }
    expect(users.security).toEqual([]);
    expect(users.components).not.toHaveProperty('securitySchemes');
  });

  it('passes the security and headers options through toOpenApiRoute', () => {
    const route = toOpenApiRoute(demo.routes, {
      info,
      path: '/spec.json',
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      security: [{ bearer: [] }],
      headers: { 'x-tenant-id': { required: true } },
    });
    expect(route.document.security).toEqual([{ bearer: [] }]);
    expect(parameter(operation(route.document, '/users', 'get'), 'x-tenant-id')).toMatchObject({ required: true });
  });

  it.each([
    [{ securitySchemes: [] }, /securitySchemes must be an object/],
    [{ securitySchemes: { a: { type: 'magic' } } }, /type must be apiKey, http/],
    [{ securitySchemes: { a: null } }, /must be an object with a type/],
    [{ securitySchemes: { a: { type: 'apiKey', name: 'k', in: 'body' } } }, /needs a name and in: header/],
    [{ securitySchemes: { a: { type: 'http' } } }, /needs a scheme string/],
    [{ securitySchemes: { a: { type: 'http', scheme: 'bearer', flows: {} } } }, /unknown key "flows"/],
    [{ securitySchemes: { a: { type: 'oauth2' } } }, /needs a flows object/],
    [{ securitySchemes: { a: { type: 'openIdConnect' } } }, /needs an openIdConnectUrl/],
    [{ securitySchemes: { 'a b': { type: 'mutualTLS' } } }, /the name must be/],
    [{ security: {} }, /security must be an array/],
    [{ security: [{ bearer: [] }] }, /names the scheme "bearer", which securitySchemes does not declare/],
    [JSON.parse('{"securitySchemes":{"__proto__":{"type":"mutualTLS"}}}'), /"__proto__": the name must be/],
    [JSON.parse('{"headers":{"__proto__":{}}}'), /must be lowercase/],
    [{ securitySchemes: { b: { type: 'mutualTLS' } }, security: [{ b: 'x' }] }, /must be an array of strings/],
    [{ headers: [] }, /headers must be an object/],
    [{ headers: { 'X-Tenant': {} } }, /must be lowercase/],
    [{ headers: { 'x tenant': {} } }, /must be lowercase/],
    [{ headers: { ['x'.repeat(129)]: {} } }, /must be lowercase/],
    [{ headers: { authorization: {} } }, /cannot be declared: use securitySchemes/],
    [{ headers: { 'x-correlation-id': {} } }, /cannot be declared/],
    [{ headers: { 'x-a': { required: 'yes' } } }, /required must be a boolean/],
    [{ headers: { 'x-a': { schema: 'string' } } }, /schema must be a JSON Schema object/],
    [{ headers: { 'x-a': { in: 'query' } } }, /unknown key "in" of header x-a/],
  ])('throws a TypeError for the security or headers options %j', (options, message) => {
    expect(() => toOpenApi(demo.routes, { info, ...options } as never)).toThrow(TypeError);
    expect(() => toOpenApi(demo.routes, { info, ...options } as never)).toThrow(message);
  });

  it('describes the page, the cursor page and the error envelope', () => {
    expect(schema(users, 'UserPage')).toMatchObject({
      required: ['items', 'total', 'page', 'limit', 'totalPages', 'hasNextPage', 'hasPreviousPage'],
      properties: {
        items: {
          type: 'array',
          items: { anyOf: [{ $ref: '#/components/schemas/User' }, { $ref: '#/components/schemas/UserSelected' }] },
        },
      },
    });
    const selected = schema(users, 'UserSelected');
    expect(selected['required']).toEqual(['id']);
    expect(selected['properties']).toEqual(schema(users, 'User')['properties']);
    expect(selected['additionalProperties']).toBe(false);
    expect(schema(users, 'UserCursorPage')).toMatchObject({
      required: ['items', 'nextCursor'],
      properties: { nextCursor: { type: ['string', 'null'] } },
    });
    expect(schema(users, 'ErrorEnvelope')).toMatchObject({
      required: ['statusCode', 'message', 'error', 'timestamp', 'correlationID'],
      additionalProperties: true,
      properties: { message: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
    });
  });

  it.each([
    ['/users', 'get', ['200', '400', '414', '429', '431', '500', '503']],
    ['/users/cursor', 'get', ['200', '400', '414', '429', '431', '500', '503']],
    ['/users', 'post', ['201', '400', '409', '413', '414', '415', '429', '431', '500', '503']],
    // 304: If-None-Match naming the record's version. 405: GET /users/batch, the batch routes' path, which the {id}
    // template matches too; and PUT, PATCH or DELETE /users/cursor, the cursor route's.
    ['/users/{id}', 'get', ['200', '304', '400', '404', '405', '414', '429', '431', '500', '503']],
    ['/users/{id}', 'put', ['200', '400', '404', '405', '409', '412', '413', '414', '415', '429', '431', '500', '503']],
    [
      '/users/{id}',
      'patch',
      ['200', '400', '404', '405', '409', '412', '413', '414', '415', '429', '431', '500', '503'],
    ],
    ['/users/{id}', 'delete', ['204', '400', '404', '405', '409', '412', '414', '429', '431', '500', '503']],
  ])('documents the statuses of %s %s', (path, method, statuses) => {
    const op = operation(users, path, method);
    expect(Object.keys(op['responses'])).toEqual(statuses);
    for (const status of statuses.filter((code) => Number(code) >= 400)) {
      const ref = (op['responses'][status] as Json)['$ref'] as string;
      const response = users.components.responses?.[ref.split('/').pop()!] as Json;
      expect(response['content']['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      expect(Object.keys(response['headers'])).toContain('x-correlation-id');
      if (status === '429')
        expect(response['headers']['retry-after']).toEqual({ $ref: '#/components/headers/RetryAfter' });
      if (status === '405') expect(response['headers']['allow']).toEqual({ $ref: '#/components/headers/Allow' });
    }
    const success = op['responses'][statuses[0]!] as Json;
    expect(success['headers']['x-correlation-id']).toEqual({ $ref: '#/components/headers/CorrelationId' });
    if (method === 'post') expect(success['headers']['location']).toEqual({ $ref: '#/components/headers/Location' });
    if (['post', 'put', 'patch'].includes(method)) expect(op['requestBody']).toMatchObject({ required: true });
    else expect(op).not.toHaveProperty('requestBody');
  });

  it('documents no 405 on the {id} operations of a resource without a cursor route', () => {
    const resource = defineResource({ name: 'posts', schema: z.object({ id: z.string(), title: z.string() }) });
    const service = createResourceService({ resource, repository: createMemoryRepository(resource) });
    const document = toOpenApi(defineRoutes(service, { routes: { UPDATE: true, DELETE: true } }), { info });
    expect(Object.keys(operation(document, '/posts/{id}', 'put')['responses'])).not.toContain('405');
    expect(Object.keys(operation(document, '/posts/{id}', 'delete')['responses'])).not.toContain('405');
  });

  it.each([
    [{}, /info must be an object/],
    [{ info: { title: '', version: '1' } }, /info.title/],
    [{ info: { title: 't' } }, /info.version/],
    [{ info: { title: 't', version: '1', contact: {} } }, /unknown info key "contact"/],
    [{ info, paths: {} }, /unknown option "paths"/],
    [{ info, servers: 'http://x' }, /servers must be an array/],
    [{ info, servers: [{ description: 'no url' }] }, /needs a url/],
    [{ info, servers: [{ url: '/', variables: {} }] }, /unknown server key "variables"/],
  ])('throws a TypeError for options %j', (options, message) => {
    expect(() => toOpenApi(demo.routes, options as never)).toThrow(TypeError);
    expect(() => toOpenApi(demo.routes, options as never)).toThrow(message);
  });

  it('throws a TypeError for routes that are not defineRoutes results, none, or two resources with the same names', () => {
    expect(() => toOpenApi({} as never, { info })).toThrow(/what defineRoutes returns/);
    expect(() => toOpenApi([], { info })).toThrow(/at least one resource/);
    expect(() => toOpenApi([demo.routes, createDemoRoutes({ seedRecords: 1 }).routes], { info })).toThrow(
      /schema name User/,
    );
  });
});

describe("toOpenApi against the routes' own answers", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: books.components }, 'doc');
  const validate = (name: string, value: unknown) => {
    const check = ajv.getSchema(`doc#/components/schemas/${name}`)!;
    const ok = check(JSON.parse(JSON.stringify(value)));
    return ok ? [] : check.errors;
  };
  const route = (type: Route['type']) => bookRoutes.routes.find((each) => each.type === type)!;
  const call = (type: Route['type'], input: { query?: string; id?: string; body?: unknown }) =>
    route(type).handle({ params: { id: input.id }, query: input.query ?? '', body: input.body, headers: {} });

  it('answers lists, cursor pages, records and creates that validate against their schemas', async () => {
    expect(
      validate('BookPage', (await call('GET_LIST', { query: 'author[isnull]&orderBy=pages&limit=3' })).body),
    ).toEqual([]);
    expect(validate('BookCursorPage', (await call('GET_LIST_CURSOR', { query: 'limit=4' })).body)).toEqual([]);
    expect(validate('Book', (await call('GET', { id: 'b01' })).body)).toEqual([]);
    const body = {
      id: 'new-1',
      title: 'New',
      author: null,
      genre: 'science',
      pages: 12,
      publishedAt: '2020-02-02T00:00:00.000Z',
    };
    expect(validate('BookCreate', body)).toEqual([]);
    const created = await call('CREATE', { body });
    expect(created.status).toBe(201);
    expect(validate('Book', created.body)).toEqual([]);
    expect(validate('BookPatch', { title: 'Renamed' })).toEqual([]);
    expect(validate('Book', (await call('PARTIAL_UPDATE', { id: 'new-1', body: { title: 'Renamed' } })).body)).toEqual(
      [],
    );
  });

  it('refuses, by schema, what the routes refuse: an unknown body key under reject, a record with a key the schema lacks', async () => {
    expect(validate('BookPatch', { createdAt: '2020-01-01T00:00:00Z' })).toEqual([]); // strip: unknown keys pass
    const user = toOpenApi(demo.routes, { info });
    const strict = new Ajv2020({ strict: false });
    addFormats(strict);
    strict.addSchema({ $id: 'users', components: user.components });
    const patch = strict.getSchema('users#/components/schemas/UserPatch')!;
    expect(patch({ age: 3 })).toBe(true);
    expect(patch({ age: 3, role: 'admin' })).toBe(false);
    await expect(
      demo.routes.routes
        .find((r) => r.type === 'PARTIAL_UPDATE')!
        .handle({
          params: { id: 'nope' },
          query: '',
          body: { role: 'admin' },
          headers: {},
        }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const record = strict.getSchema('users#/components/schemas/User')!;
    const reply = await demo.routes.routes[0]!.handle({ params: {}, query: 'limit=1', headers: {} });
    const stored = JSON.parse(JSON.stringify(reply.body)) as Json;
    expect(record(stored['items'][0])).toBe(true);
    expect(record({ ...stored['items'][0], passwordHash: 'x' })).toBe(false);
  });

  it('answers errors with an envelope that validates against ErrorEnvelope', async () => {
    const failures = [
      call('GET_LIST', { query: 'limit=0&secret[eq]=x' }),
      call('GET', { id: 'missing' }),
      call('CREATE', { body: { title: 3 } }),
    ];
    for (const failure of failures) {
      const error = await failure.then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      const response = errorResponse(error);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(validate('ErrorEnvelope', response.body)).toEqual([]);
    }
    expect(validate('ErrorEnvelope', { statusCode: 400, message: 'x' })).not.toEqual([]);
  });
});

describe('toOpenApiRoute', () => {
  it('returns the default path, the document and its JSON text', () => {
    const route = toOpenApiRoute(demo.routes, { info });
    expect(route.path).toBe('/openapi.json');
    expect(route.document).toEqual(users);
    expect(JSON.parse(route.json)).toEqual(users);
    expect(Object.isFrozen(route)).toBe(true);
  });

  it('takes a custom path and the servers', () => {
    const route = toOpenApiRoute([demo.routes], { info, path: '/api/spec.json', servers: [{ url: '/api' }] });
    expect(route.path).toBe('/api/spec.json');
    expect(route.document.servers).toEqual([{ url: '/api' }]);
  });

  it.each([
    [{ info, path: 'openapi.json' }, /path must start with/],
    [{ info, path: '/docs/' }, /path must start/],
    [{ info, path: '/spec/:id' }, /path must start/],
    [{ info, path: '/users' }, /is a route of the resource at \/users/],
    [{ info, path: '/users/cursor' }, /is a route of the resource/],
    [{ info, path: '/users/openapi.json' }, /is a route of the resource at \/users/],
    [{ info, route: '/x' }, /unknown option "route"/],
    [{ path: '/x' }, /info must be an object/],
  ])('throws a TypeError for %j', (options, message) => {
    expect(() => toOpenApiRoute(demo.routes, options as never)).toThrow(message);
  });
});
