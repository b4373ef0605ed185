/**
 * The OpenAPI conformance suite: every documented parameter, status and schema is what the server does. It sends a
 * framework example requests like the HTTP contract suite's (lists with filters, searches, field selections, OR
 * groups, sorting and pages, the cursor route, reads, creates, replaces, patches, deletes, and every error status the
 * server gives: 400, 404, 409, 413, 415, 429, 500, 503) and checks each response against the demo's document
 * (`toOpenApi` of the demo's routes) with ajv:
 * the operation exists for the method and path template, the status is one of its documented responses, the body
 * validates against the schema documented for that status, and the documented headers are there (`x-correlation-id`
 * on every response, `location` on 201, `retry-after` on 429, any other marked required). For the successes, the
 * query parameters sent are documented ones and the body sent validates against the documented request body. An
 * unknown route (404) or another method on a known path (405) is no operation of the document: not checked here.
 * Call `describeOpenApiConformance(name, start)` from a framework's example test.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRepository, toOpenApi, type OpenApiDocument, type Repository } from 'pagelope';
import { ConflictError, ServiceUnavailableError } from 'pagelope/http';
import { createDemoRoutes } from '../../examples/shared/demo-routes';
import { seedUsers } from '../../examples/shared/seed';
import { users, type User } from '../../examples/shared/users';
import type { StartedServer, StartServer } from './http-contract';

const SEED = 30;
const records = seedUsers(SEED);
const idAt = (index: number): string => records[index]?.id ?? '';
const JSON_HEADERS = { 'content-type': 'application/json' };
const newUser = { username: 'conform', email: 'conform@example.com', status: 'active', age: 33 };
const fullUser = { ...newUser, username: 'replaced', status: 'banned', createdAt: '2025-02-03T04:05:06.000Z' };
const tooLarge = JSON.stringify({ username: 'x'.repeat(64 * 1024) });

/** One request of the suite and the status the server must answer it with. */
interface Case {
  readonly label: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path and query, or a function finding it with earlier requests (the cursor of a first page). */
  readonly target: string | ((url: string) => Promise<string>);
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly status: number;
}

const post = (label: string, body: string, status: number, headers: Record<string, string> = JSON_HEADERS): Case => ({
  label,
  method: 'POST',
  target: '/users',
  headers,
  body,
  status,
});

/** The cursor of the first page of 7 of the cursor route. */
async function secondCursorPage(url: string): Promise<string> {
  const first = (await (await fetch(`${url}/users/cursor?limit=7`)).json()) as { nextCursor: string | null };
  expect(first.nextCursor).toEqual(expect.any(String));
  return `/users/cursor?limit=7&cursor=${encodeURIComponent(first.nextCursor ?? '')}`;
}

/** The `next` target of the `link` header of a searched, selected page with OR groups: a request in its turn. */
async function nextLinkTarget(url: string): Promise<string> {
  const or = encodeURIComponent(JSON.stringify([{ status: { eq: 'active' } }, { age: { gte: 50 } }]));
  const query = `search=a&select=username&or=${or}&limit=3`;
  const response = await fetch(`${url}/users?${query}`);
  await response.body?.cancel();
  const next = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  expect(next).toBe(`/users?${query}&page=2`);
  return next ?? '';
}

/** Requests to the seeded demo with a generous limiter. */
const SEEDED_CASES: readonly Case[] = [
  { label: 'the first page', method: 'GET', target: '/users', status: 200 },
  { label: 'a page of a limit', method: 'GET', target: '/users?limit=7&page=3', status: 200 },
  {
    label: 'cont, eq and a range with a two-field sort',
    method: 'GET',
    target:
      '/users?username[operator]=cont&username[value]=a&status[eq]=active&age[gte]=30&age[lt]=60&orderBy=age,createdAt&orderDirection=DESC,ASC&limit=5&page=2',
    status: 200,
  },
  {
    label: 'in, between, a date bound and a case-insensitive suffix',
    method: 'GET',
    target:
      '/users?status[in]=active&status[in]=banned&age[between]=20&age[between]=60&createdAt[gte]=2024-01-01T00:00:00.000Z&email[endsl]=.COM&orderBy=username&orderDirection=asc',
    status: 200,
  },
  {
    label: "the spec's form with values",
    method: 'GET',
    target: '/users?status[operator]=notin&status[values]=banned&orderBy=createdAt&orderDirection=DESC&limit=3',
    status: 200,
  },
  {
    label: 'a search, a field selection and OR groups',
    method: 'GET',
    target: `/users?search=AB&select=username,age&or=${encodeURIComponent(JSON.stringify([{ status: { eq: 'active' } }, { age: { gte: 60 } }]))}&orderBy=age&limit=5`,
    status: 200,
  },
  { label: 'a selection of one field', method: 'GET', target: '/users?select=email', status: 200 },
  { label: 'a repeated search', method: 'GET', target: '/users?search=a&search=b', status: 400 },
  { label: 'a selection of an unknown field', method: 'GET', target: '/users?select=password', status: 400 },
  { label: 'OR groups with a gap', method: 'GET', target: '/users?or[0][age][gte]=1&or[2][age][lt]=9', status: 400 },
  { label: 'the page the link header names next', method: 'GET', target: nextLinkTarget, status: 200 },
  { label: 'a search of 201 characters', method: 'GET', target: `/users?search=${'a'.repeat(201)}`, status: 400 },
  { label: 'an empty selection', method: 'GET', target: '/users?select=', status: 400 },
  { label: 'a ninth OR group', method: 'GET', target: '/users?or[8][age][gte]=1', status: 400 },
  {
    label: 'an operator a field does not take in an OR group',
    method: 'GET',
    target: '/users?or[0][age][cont]=1',
    status: 400,
  },
  { label: 'an empty result', method: 'GET', target: '/users?username[cont]=%E2%9C%93nomatch', status: 200 },
  { label: 'a page past the end', method: 'GET', target: '/users?page=99', status: 200 },
  { label: 'a limit above the maximum (clamped)', method: 'GET', target: '/users?limit=5000', status: 200 },
  { label: 'a limit of 0', method: 'GET', target: '/users?limit=0', status: 400 },
  { label: 'an unknown parameter', method: 'GET', target: '/users?foo=bar', status: 400 },
  { label: 'an unsortable field', method: 'GET', target: '/users?orderBy=email', status: 400 },
  { label: 'a number filter that is not one', method: 'GET', target: '/users?age[eq]=abc', status: 400 },
  { label: 'a __proto__ parameter', method: 'GET', target: '/users?__proto__[x]=1', status: 400 },
  { label: 'a first cursor page', method: 'GET', target: '/users/cursor?limit=7', status: 200 },
  { label: 'a next cursor page', method: 'GET', target: secondCursorPage, status: 200 },
  { label: 'a filtered, sorted cursor page', method: 'GET', target: '/users/cursor?age[gte]=40&limit=4', status: 200 },
  {
    label: 'a cursor page with a search, a selection and OR groups',
    method: 'GET',
    target: `/users/cursor?search=a&select=status&or=${encodeURIComponent(JSON.stringify([{ age: { lt: 30 } }, { status: { in: ['banned', 'inactive'] } }]))}&limit=4`,
    status: 200,
  },
  { label: 'a malformed cursor', method: 'GET', target: '/users/cursor?cursor=%25%25%25', status: 400 },
  { label: 'a forged cursor', method: 'GET', target: '/users/cursor?cursor=bm90LWEtY3Vyc29y', status: 400 },
  { label: 'a record', method: 'GET', target: `/users/${idAt(0)}`, status: 200 },
  { label: 'an unknown id', method: 'GET', target: '/users/does-not-exist', status: 404 },
  post('a create (createdAt stamped by the hook, filledOnCreate)', JSON.stringify(newUser), 201),
  post('a create with createdAt', JSON.stringify({ ...fullUser, username: 'dated' }), 201),
  post('an invalid body', JSON.stringify({ username: 42, email: 'nope', status: 'x', age: -1 }), 400),
  post('a body naming the id', JSON.stringify({ ...newUser, id: 'chosen' }), 400),
  post('a body with an unknown key', JSON.stringify({ ...newUser, role: 'admin' }), 400),
  post('malformed JSON', '{"username": ', 400),
  post('a body over the limit', tooLarge, 413),
  post('a text/plain body', JSON.stringify(newUser), 415, { 'content-type': 'text/plain' }),
  post('a refused content-encoding', JSON.stringify(newUser), 415, { ...JSON_HEADERS, 'content-encoding': 'br' }),
  ...(['PUT', 'PATCH'] as const).flatMap((method, at): Case[] => {
    const id = idAt(10 + at);
    const write = (label: string, target: string, body: string, status: number, headers = JSON_HEADERS): Case => ({
      label: `${method} ${label}`,
      method,
      target,
      headers,
      body,
      status,
    });
    const good = JSON.stringify(method === 'PUT' ? fullUser : { age: 77, status: 'inactive' });
    return [
      write('of a record', `/users/${id}`, good, 200),
      write('of an unknown id', '/users/does-not-exist', good, 404),
      write(
        'of an invalid body',
        `/users/${id}`,
        JSON.stringify(method === 'PUT' ? { username: 'only' } : { age: 'old' }),
        400,
      ),
      write('changing the id', `/users/${id}`, JSON.stringify({ ...fullUser, id: 'hijack' }), 400),
      write('of a body over the limit', `/users/${id}`, tooLarge, 413),
      write('of a text/plain body', `/users/${id}`, good, 415, { 'content-type': 'text/plain' }),
    ];
  }),
  { label: 'a delete', method: 'DELETE', target: `/users/${idAt(20)}`, status: 204 },
  { label: 'a delete of an unknown id', method: 'DELETE', target: '/users/does-not-exist', status: 404 },
];

/** One request per operation, each answered by what the repository fails with (or the limiter, for 429). */
const perOperation = (status: number): readonly Case[] => [
  { label: `listUsers ${status}`, method: 'GET', target: '/users', status },
  { label: `listUsersByCursor ${status}`, method: 'GET', target: '/users/cursor', status },
  { label: `getUser ${status}`, method: 'GET', target: `/users/${idAt(1)}`, status },
  post(`createUser ${status}`, JSON.stringify(newUser), status),
  {
    label: `replaceUser ${status}`,
    method: 'PUT',
    target: `/users/${idAt(1)}`,
    headers: JSON_HEADERS,
    body: JSON.stringify(fullUser),
    status,
  },
  {
    label: `updateUser ${status}`,
    method: 'PATCH',
    target: `/users/${idAt(1)}`,
    headers: JSON_HEADERS,
    body: '{"age":40}',
    status,
  },
  { label: `deleteUser ${status}`, method: 'DELETE', target: `/users/${idAt(1)}`, status },
];

/** The seeded memory repository with `create`, `replace` and `update` (and, with `all`, every method) rejecting. */
function rejecting(error: () => unknown, all = false): Repository<User> {
  const base = createMemoryRepository(users, { records: seedUsers(SEED) }) as unknown as Record<string, unknown>;
  const writes = new Set(['create', 'replace', 'update']);
  const wrapped: Record<string, unknown> = {};
  for (const key of Object.keys(base)) {
    const value = base[key];
    if (typeof value !== 'function') wrapped[key] = value;
    else if (all || writes.has(key)) wrapped[key] = () => Promise.reject(error());
    else wrapped[key] = (value as (...args: unknown[]) => unknown).bind(base);
  }
  return wrapped as unknown as Repository<User>;
}

// ---- the document, its validators and the checks ---------------------------------------------------------------

type Json = Record<string, unknown>;

/** A part of the document and the JSON pointer segments where it is. */
interface Located {
  readonly value: Json;
  readonly at: readonly string[];
}

const DOCUMENT_ID = 'openapi.json';

/** The demo's document, and ajv with it registered, so that a pointer into it compiles with its `$ref`s resolved. */
function loadDocument(): { document: OpenApiDocument; ajv: Ajv2020 } {
  const document = toOpenApi(createDemoRoutes({ seedRecords: 0 }).routes, {
    info: { title: 'pagelope demo', version: '0.0.0' },
  });
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // A JSON round trip: what a client receives, and no object ajv could share with the builder.
  ajv.addSchema(JSON.parse(JSON.stringify(document)) as Json, DOCUMENT_ID);
  return { document, ajv };
}

const toPointer = (at: readonly string[]): string =>
  at.map((part) => `/${encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

/** Follows `$ref`s within the document (`#/components/...`) until a value that is not one. */
function resolve(document: OpenApiDocument, located: Located): Located {
  let current = located;
  for (let hops = 0; typeof current.value['$ref'] === 'string'; hops++) {
    const ref = current.value['$ref'];
    if (!ref.startsWith('#/') || hops > 10) throw new Error(`unresolvable $ref ${ref} at ${toPointer(current.at)}`);
    const at = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    let value: unknown = document;
    for (const part of at) value = (value as Json | undefined)?.[part];
    if (typeof value !== 'object' || value === null) throw new Error(`$ref ${ref} leads nowhere`);
    current = { value: value as Json, at };
  }
  return current;
}

/** The document's path template a request path matches: a fixed path before a templated one (`/users/cursor`). */
function templateOf(document: OpenApiDocument, path: string): string | undefined {
  const templates = Object.keys(document.paths);
  const pattern = (template: string) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`);
  return templates.find((template) => template === path) ?? templates.find((template) => pattern(template).test(path));
}

/** A response as received, and the request that got it. */
interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  /** The body sent, which the document must accept when the request succeeds. */
  readonly requestBody: string | undefined;
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/**
 * What the document and the exchange disagree on, one line per problem (an empty list when the response conforms).
 */
function disagreements(document: OpenApiDocument, ajv: Ajv2020, exchange: Exchange): string[] {
  const problems: string[] = [];
  const validate = (at: readonly string[], value: unknown, what: string): void => {
    const check: ValidateFunction | undefined = ajv.getSchema(`${DOCUMENT_ID}#${toPointer(at)}`);
    if (check === undefined) problems.push(`${what}: no schema at ${toPointer(at)}`);
    else if (!check(value)) problems.push(`${what} does not validate: ${ajv.errorsText(check.errors)}`);
  };
  const template = templateOf(document, exchange.path);
  if (template === undefined) return [`no path of the document matches ${exchange.path}`];
  const method = exchange.method.toLowerCase();
  const operation = document.paths[template]?.[method] as Json | undefined;
  if (operation === undefined) return [`the document has no ${exchange.method} operation on ${template}`];
  const operationAt = ['paths', template, method];
  const responses = (operation['responses'] ?? {}) as Json;
  const documented = responses[String(exchange.status)] as Json | undefined;
  if (documented === undefined)
    return [
      `${operation['operationId'] as string} documents ${Object.keys(responses).join(', ')}, not ${exchange.status}`,
    ];
  const response = resolve(document, { value: documented, at: [...operationAt, 'responses', String(exchange.status)] });

  // The body: none where none is documented, else JSON valid against the documented schema.
  const content = response.value['content'] as Json | undefined;
  if (content === undefined) {
    if (exchange.text !== '') problems.push(`a body where the document says none: ${exchange.text.slice(0, 200)}`);
  } else if (content['application/json'] === undefined) {
    problems.push(`no application/json content documented for ${exchange.status}`);
  } else {
    const contentType = exchange.headers.get('content-type') ?? '';
    if (!/^application\/json\b/.test(contentType)) problems.push(`the content type is ${contentType}, not JSON`);
    let body: unknown;
    try {
      body = JSON.parse(exchange.text);
    } catch {
      problems.push(`the body is not JSON: ${exchange.text.slice(0, 200)}`);
    }
    if (body !== undefined) validate([...response.at, 'content', 'application/json', 'schema'], body, 'the body');
  }

  // The headers: the correlation id on every response, location on 201, retry-after on 429, any required one.
  const headers = (response.value['headers'] ?? {}) as Json;
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  const expected = ['x-correlation-id'];
  if (exchange.status === 201) expected.push('location');
  if (exchange.status === 429) expected.push('retry-after');
  for (const name of expected) {
    if (!names.includes(name)) problems.push(`the ${exchange.status} response does not document the ${name} header`);
  }
  for (const [name, header] of Object.entries(headers)) {
    const resolved = resolve(document, { value: header as Json, at: [...response.at, 'headers', name] });
    const value = exchange.headers.get(name);
    if (value === null) {
      if (resolved.value['required'] === true || expected.includes(name.toLowerCase()))
        problems.push(`the documented header ${name} is missing`);
      continue;
    }
    const schema = resolved.value['schema'] as Json | undefined;
    if (schema === undefined) continue;
    const type = resolve(document, { value: schema, at: [...resolved.at, 'schema'] }).value['type'];
    const typed = type === 'integer' || type === 'number' ? Number(value) : value;
    validate([...resolved.at, 'schema'], typed, `the ${name} header ${JSON.stringify(value)}`);
  }

  // The request: the correlation id header is a documented parameter; a success took only documented query
  // parameters, and a body the document accepts.
  const parameters = ((operation['parameters'] ?? []) as Json[]).map(
    (parameter, at) => resolve(document, { value: parameter, at: [...operationAt, 'parameters', String(at)] }).value,
  );
  const declared = (where: string) =>
    new Set(parameters.filter((parameter) => parameter['in'] === where).map((parameter) => parameter['name']));
  if (!declared('header').has('x-correlation-id'))
    problems.push('the x-correlation-id request header is not a documented parameter');
  if (exchange.status < 300) {
    const query = new Map(
      parameters.flatMap((parameter, at) =>
        parameter['in'] === 'query' ? [[parameter['name'] as string, at] as const] : [],
      ),
    );
    const sent = new Map<string, string[]>();
    for (const [key, value] of new URLSearchParams(exchange.query)) sent.set(key, [...(sent.get(key) ?? []), value]);
    for (const [key, values] of sent) {
      const at = query.get(key);
      if (at === undefined) {
        problems.push(`the query parameter ${key} is not documented`);
        continue;
      }
      const schemaAt = [...operationAt, 'parameters', String(at), 'schema'];
      const schema = (parameters[at] as Json)['schema'] as Json;
      validate(schemaAt, queryValue(schema, values), `the query parameter ${key}=${values.join(',')}`);
      if (schema['contentMediaType'] === 'application/json')
        validate([...schemaAt, 'contentSchema'], JSON.parse(values[0] ?? ''), `the JSON of ${key}`);
    }
    if (exchange.requestBody !== undefined) {
      const requestBody = operation['requestBody'] as Json | undefined;
      if (requestBody === undefined) problems.push('a body was accepted where none is documented');
      else {
        const located = resolve(document, { value: requestBody, at: [...operationAt, 'requestBody'] });
        validate(
          [...located.at, 'content', 'application/json', 'schema'],
          JSON.parse(exchange.requestBody),
          'the accepted request body',
        );
      }
    }
  }
  return problems;
}

/**
 * The values of one query parameter as its `form` schema reads them: an array of the values (each typed as the
 * items are) for an array, else the one value typed (a repeated scalar stays an array, which fails its schema).
 */
function queryValue(schema: Json, values: readonly string[]): unknown {
  const typed = (type: unknown, value: string): unknown =>
    type === 'integer' || type === 'number'
      ? Number(value)
      : type === 'boolean'
        ? value === 'true'
          ? true
          : value === 'false'
            ? false
            : value
        : value;
  if (schema['type'] === 'array') return values.map((value) => typed((schema['items'] as Json)['type'], value));
  return values.length === 1 ? typed(schema['type'], values[0] as string) : values;
}

/** Sends one case to `url` and records the exchange. */
async function send(url: string, item: Case, index: number): Promise<Exchange> {
  const target = typeof item.target === 'string' ? item.target : await item.target(url);
  const response = await fetch(`${url}${target}`, {
    method: item.method,
    headers: { ...item.headers, 'x-correlation-id': `conformance-${index}` },
    ...(item.body === undefined ? {} : { body: item.body }),
    redirect: 'manual',
  });
  const at = target.indexOf('?');
  return {
    method: item.method,
    path: at === -1 ? target : target.slice(0, at),
    query: at === -1 ? '' : target.slice(at + 1),
    requestBody: item.body,
    status: response.status,
    headers: response.headers,
    text: await response.text(),
  };
}

export function describeOpenApiConformance(name: string, start: StartServer): void {
  describe(`${name} example against its OpenAPI document`, () => {
    const { document, ajv } = loadDocument();

    /** Runs `cases` in order against a server started with `options`, after `before` (requests to spend a budget). */
    const describeCases = (
      title: string,
      options: Parameters<StartServer>[0],
      cases: readonly Case[],
      before: (url: string) => Promise<void> = async () => undefined,
    ) =>
      describe(title, () => {
        let server: StartedServer;
        beforeAll(async () => {
          server = await start({ seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000, ...options });
          await before(server.url);
        });
        afterAll(async () => {
          await server?.close();
        });

        it.each(cases.map((item, index) => ({ ...item, index })))(
          '$method $label: $status as documented',
          async (item) => {
            const exchange = await send(server.url, item, item.index);
            expect([item.label, exchange.status, exchange.text.slice(0, 300)]).toEqual([
              item.label,
              item.status,
              expect.any(String),
            ]);
            expect(exchange.headers.get('x-correlation-id')).toBe(`conformance-${item.index}`);
            expect(disagreements(document, ajv, exchange)).toStrictEqual([]);
          },
        );
      });

    describeCases('the seeded demo', {}, SEEDED_CASES);
    describeCases('behind its rate limiter (429)', { rateLimitMax: 1 }, perOperation(429), async (url) => {
      expect((await fetch(`${url}/users?limit=1`)).status).toBe(200);
    });
    describeCases(
      'over a repository failing with a secret (500)',
      { repository: rejecting(() => new Error('password=hunter2'), true) },
      perOperation(500),
    );
    describeCases(
      'over an unreachable repository (503)',
      {
        repository: rejecting(
          () => new ServiceUnavailableError('Service Unavailable', { headers: { 'retry-after': 1 } }),
          true,
        ),
      },
      perOperation(503),
    );
    describeCases(
      'over a repository refusing writes as conflicts (409)',
      { repository: rejecting(() => new ConflictError('users "user-000002" already exists')) },
      perOperation(409).filter((item) => item.method === 'POST' || item.method === 'PUT' || item.method === 'PATCH'),
    );
  });
}
