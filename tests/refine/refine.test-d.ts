import type { DataProvider, GetListResponse, HttpError as RefineHttpErrorShape } from '@refinedev/core';
import { describe, expectTypeOf, it } from 'vitest';
import { ClientHttpError } from 'pagelope/client';
import {
  dataProvider,
  toRefineHttpError,
  type DataProviderOptions,
  type GetManyStrategy,
  type PagelopeDataProvider,
  type RefineHttpError,
} from 'pagelope/refine';

interface User {
  id: string;
  username: string;
  age: number;
}

const provider = dataProvider('http://127.0.0.1:3000');

describe('dataProvider', () => {
  it("returns refine's DataProvider, with getMany always there, and is not any", () => {
    expectTypeOf(dataProvider).not.toBeAny();
    expectTypeOf(provider).not.toBeAny();
    expectTypeOf(provider).toExtend<DataProvider>();
    const given: DataProvider = provider;
    expectTypeOf(given).toEqualTypeOf<DataProvider>();
    expectTypeOf(provider.getMany).not.toEqualTypeOf<undefined>();
    expectTypeOf(provider.createMany).not.toEqualTypeOf<undefined>();
    expectTypeOf(provider.updateMany).not.toEqualTypeOf<undefined>();
    expectTypeOf(provider.deleteMany).not.toEqualTypeOf<undefined>();
    expectTypeOf<PagelopeDataProvider>().not.toBeAny();
  });

  it("types the results by refine's TData", () => {
    expectTypeOf(provider.getList<User>({ resource: 'users' })).resolves.toEqualTypeOf<GetListResponse<User>>();
    expectTypeOf(provider.getOne<User>({ resource: 'users', id: 1 })).resolves.toEqualTypeOf<{ data: User }>();
    expectTypeOf(provider.getApiUrl()).toEqualTypeOf<string>();
    const variables = [{ username: 'ann' }];
    expectTypeOf(provider.createMany<User>({ resource: 'users', variables })).resolves.toEqualTypeOf<{
      data: User[];
    }>();
    expectTypeOf(
      provider.updateMany<User>({ resource: 'users', ids: [1, 'a'], variables: { age: 3 } }),
    ).resolves.toEqualTypeOf<{
      data: User[];
    }>();
    expectTypeOf(provider.deleteMany<User>({ resource: 'users', ids: [1] })).resolves.toEqualTypeOf<{ data: User[] }>();
  });

  it('takes the client options and its own', () => {
    dataProvider(new URL('http://127.0.0.1:3000'), {
      fetch: globalThis.fetch,
      headers: async () => ({ authorization: 'Bearer t' }),
      correlationId: () => 'c-1',
      resourcePath: (resource) => `/api/${resource}`,
      getMany: 'each',
      maxRecords: 500,
    });
    expectTypeOf<DataProviderOptions['getMany']>().toEqualTypeOf<GetManyStrategy | undefined>();
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error the base URL is a string or a URL
    dataProvider(3000);
    // @ts-expect-error getMany is 'in' or 'each'
    dataProvider('http://x', { getMany: 'all' });
    // @ts-expect-error the base URL is given as the first argument, not as an option
    dataProvider('http://x', { baseUrl: 'http://y' });
    // @ts-expect-error resourcePath is a function
    dataProvider('http://x', { resourcePath: '/users' });
  });
});

describe('toRefineHttpError', () => {
  it("returns refine's ClientHttpError shape, an Error with the envelope's status and messages", () => {
    const error = toRefineHttpError(new ClientHttpError(404));
    expectTypeOf(error).toEqualTypeOf<RefineHttpError>();
    expectTypeOf(error).toExtend<RefineHttpErrorShape>();
    expectTypeOf(error).toExtend<Error>();
    expectTypeOf(error.message).toEqualTypeOf<string>();
    expectTypeOf(error.statusCode).toEqualTypeOf<number>();
    expectTypeOf(error.messages).toEqualTypeOf<readonly string[]>();
    expectTypeOf(error.correlationID).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.cause).toEqualTypeOf<ClientHttpError>();
  });

  it('takes only the client ClientHttpError', () => {
    // @ts-expect-error a plain Error is not an ClientHttpError of the client
    toRefineHttpError(new Error('x'));
  });
});
