/**
 * A third party's client of the demo API, written as one would from the published document alone: `openapi-fetch`
 * typed by the `paths` that `openapi-typescript` generated from it (`../generated/demo-api.d.ts`). Nothing here
 * comes from pagelope. `tests/openapi/openapi-fetch.test.ts` type-checks this file on its own and runs it.
 */
import createClient from 'openapi-fetch';
import type { components, operations, paths } from '../generated/demo-api';

/** A user record, as the document describes it. */
export type User = components['schemas']['User'];
/** The error envelope, as the document describes it. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
/** The query parameters of `GET /users`. */
export type ListUsersQuery = NonNullable<operations['listUsers']['parameters']['query']>;

/** What a request gave back, with the query string the client sent. */
export interface Exchange<TBody> {
  readonly status: number;
  readonly search: string;
  readonly body: TBody;
}

/** What {@link run} did against the demo, each answer typed by the document. */
export interface DemoConsumerResult {
  /** `GET /users`: the five oldest active users. */
  readonly oldestActive: Exchange<components['schemas']['UserPage']>;
  /** `GET /users` with two list operators (`status[in]`, `age[between]`), by openapi-fetch's own serializer. */
  readonly listOperators: Exchange<components['schemas']['UserPage']>;
  /** `POST /users`: the created record and its `location`. */
  readonly created: Exchange<User> & { readonly location: string | null };
  /** `GET /users/{id}` of the created record. */
  readonly fetched: Exchange<User>;
  /** `GET /users?limit=0`: the 400 envelope. */
  readonly badLimit: Exchange<ErrorEnvelope>;
}

/** The body {@link run} creates. */
export const NEW_USER = {
  username: 'openapi-fetch',
  email: 'openapi-fetch@example.com',
  status: 'inactive',
  age: 41,
  createdAt: '2024-06-01T12:00:00.000Z',
} as const satisfies components['schemas']['UserCreate'];

/** The correlation id {@link run} sends with its bad request. */
export const BAD_LIMIT_CORRELATION_ID = 'openapi-fetch-bad-limit';

const searchOf = (response: Response): string => new URL(response.url).search;

function expectData<TData>(name: string, response: Response, data: TData | undefined): TData {
  if (data === undefined) throw new Error(`${name}: status ${response.status} without the success body`);
  return data;
}

/** Runs the consumer's requests against the demo at `baseUrl`. */
export async function run(baseUrl: string): Promise<DemoConsumerResult> {
  const client = createClient<paths>({ baseUrl });

  const oldest = await client.GET('/users', {
    params: { query: { 'status[eq]': 'active', orderBy: 'age', orderDirection: 'DESC', limit: 5 } },
  });
  const listQuery: ListUsersQuery = {
    'status[in]': ['active', 'banned'],
    'age[between]': [30, 50],
    orderBy: 'age,username',
    orderDirection: 'ASC',
    limit: 100,
  };
  const lists = await client.GET('/users', { params: { query: listQuery } });

  const created = await client.POST('/users', { body: NEW_USER });
  const user = expectData('POST /users', created.response, created.data);
  const fetched = await client.GET('/users/{id}', { params: { path: { id: user.id } } });

  const bad = await client.GET('/users', {
    params: { query: { limit: 0 }, header: { 'x-correlation-id': BAD_LIMIT_CORRELATION_ID } },
  });
  if (bad.error === undefined) throw new Error(`GET /users?limit=0: status ${bad.response.status}, no envelope`);
  const envelope: ErrorEnvelope = bad.error;

  return {
    oldestActive: {
      status: oldest.response.status,
      search: searchOf(oldest.response),
      body: expectData('GET /users', oldest.response, oldest.data),
    },
    listOperators: {
      status: lists.response.status,
      search: searchOf(lists.response),
      body: expectData('GET /users (lists)', lists.response, lists.data),
    },
    created: {
      status: created.response.status,
      search: searchOf(created.response),
      body: user,
      location: created.response.headers.get('location'),
    },
    fetched: {
      status: fetched.response.status,
      search: searchOf(fetched.response),
      body: expectData('GET /users/{id}', fetched.response, fetched.data),
    },
    badLimit: { status: bad.response.status, search: searchOf(bad.response), body: envelope },
  };
}
