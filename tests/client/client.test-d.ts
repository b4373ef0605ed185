import { describe, expectTypeOf, it } from 'vitest';
import {
  createClient,
  ClientHttpError,
  isClientHttpError,
  toQueryString,
  type Client,
  type CursorPage,
  type FetchLike,
  type PageResult,
  type QueryInput,
  type ResourceClient,
} from 'pagelope/client';
import { HttpError as RootHttpError } from 'pagelope';

interface User {
  id: string;
  username: string;
  age: number;
  status: 'active' | 'banned';
  createdAt: Date;
  deletedAt: Date | null;
}

const client = createClient({ baseUrl: 'http://127.0.0.1:3000' });
const users = client.resource<User>('/users');

describe('toQueryString', () => {
  it('returns a string and is not any', () => {
    expectTypeOf(toQueryString).not.toBeAny();
    expectTypeOf(toQueryString<User>({ where: { age: { gte: 18 } } })).toEqualTypeOf<string>();
    expectTypeOf<QueryInput<User>>().not.toBeAny();
  });

  it('takes any fields without a record type, never inferring one from the where', () => {
    toQueryString({ where: { age: { gte: 18 } }, orderBy: [{ field: 'createdAt', direction: 'asc' }] });
    toQueryString({ where: { createdAt: { between: [new Date(), '2024-12-31'] } }, cursor: 'c' });
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error a where on an unknown field
    toQueryString<User>({ where: { nope: 1 } });
    // @ts-expect-error a text operator on a number field
    toQueryString<User>({ where: { age: { cont: '1' } } });
    // @ts-expect-error an order on an unknown field
    toQueryString<User>({ orderBy: [{ field: 'nope', direction: 'asc' }] });
    // @ts-expect-error page and cursor together
    toQueryString<User>({ page: 2, cursor: 'c' });
    // @ts-expect-error an unknown input key
    toQueryString<User>({ filter: {} });
  });
});

describe('createClient', () => {
  it('returns a Client whose resource calls are typed by the record type', () => {
    expectTypeOf(createClient).not.toBeAny();
    expectTypeOf(client).toEqualTypeOf<Client>();
    expectTypeOf(users).toEqualTypeOf<ResourceClient<User>>();
    expectTypeOf(users).not.toBeAny();
    expectTypeOf(users.list({ where: { status: 'active', deletedAt: null } })).toEqualTypeOf<
      Promise<PageResult<User>>
    >();
    expectTypeOf(users.listByCursor({ cursor: null })).toEqualTypeOf<Promise<CursorPage<User>>>();
    expectTypeOf(users.pages()).toEqualTypeOf<AsyncGenerator<PageResult<User>, void, undefined>>();
    expectTypeOf(users.all()).toEqualTypeOf<AsyncGenerator<User, void, undefined>>();
    expectTypeOf(users.get('u1')).toEqualTypeOf<Promise<User>>();
    expectTypeOf(users.create({ username: 'ann' })).toEqualTypeOf<Promise<User>>();
    expectTypeOf(users.update('u1', { age: 3 })).toEqualTypeOf<Promise<User>>();
    expectTypeOf(users.delete('u1')).toEqualTypeOf<Promise<void>>();
    expectTypeOf(client.resource('/things').get('t')).toEqualTypeOf<Promise<Record<string, unknown>>>();
  });

  it('returns items typed Pick<TRecord, id | selected> for a select list known at compile time', () => {
    expectTypeOf(users.list({ select: ['username'] })).toEqualTypeOf<
      Promise<PageResult<Pick<User, 'id' | 'username'>>>
    >();
    expectTypeOf(users.all({ select: ['age', 'status'], where: [{ age: 1 }, { status: 'banned' }] })).toEqualTypeOf<
      AsyncGenerator<Pick<User, 'id' | 'age' | 'status'>, void, undefined>
    >();
    // listByCursor stays CursorPage<User> even with select: a generic one breaks nextCursor loops (TS7022).
    expectTypeOf(users.listByCursor({ select: ['username'], search: 'ab' })).toEqualTypeOf<Promise<CursorPage<User>>>();
  });

  it('takes the platform fetch, a date for a date field and a revive that returns the record', () => {
    expectTypeOf(globalThis.fetch).toExtend<FetchLike>();
    users.list({ where: { createdAt: { gte: new Date(), lt: '2025-01-01' } } });
    client.resource<User>('/users', { revive: (raw) => ({ ...(raw as unknown as User), createdAt: new Date() }) });
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error a where on an unknown field
    users.list({ where: { nope: 1 } });
    // @ts-expect-error a select of an unknown field
    users.list({ select: ['nope'] });
    // @ts-expect-error a where on an unknown field inside an OR clause
    users.list({ where: [{ age: 1 }, { nope: 1 }] });
    // @ts-expect-error a cursor for list
    users.list({ cursor: 'c' });
    // @ts-expect-error a page for listByCursor
    users.listByCursor({ page: 2 });
    // @ts-expect-error a body field of the wrong type
    users.create({ age: 'old' });
    // @ts-expect-error ids of records with a string id are strings
    users.get(42);
    // @ts-expect-error revive must return the record type
    client.resource<User>('/users', { revive: () => 'x' });
    // @ts-expect-error baseUrl is required
    createClient({});
    // @ts-expect-error correlationId is a string or a function returning one
    createClient({ baseUrl: '/', correlationId: 42 });
  });
});

describe('ClientHttpError', () => {
  it('returns an error with correlationID, extending the root ClientHttpError', () => {
    const error = new ClientHttpError(404, 'gone', { correlationID: 'c' });
    expectTypeOf(error.correlationID).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.statusCode).toEqualTypeOf<number>();
    expectTypeOf(error).toExtend<RootHttpError>();
  });
});

describe('isClientHttpError', () => {
  it('returns a type guard that narrows unknown to the client ClientHttpError', () => {
    const value: unknown = null;
    if (isClientHttpError(value)) expectTypeOf(value.correlationID).toEqualTypeOf<string | undefined>();
  });
});
