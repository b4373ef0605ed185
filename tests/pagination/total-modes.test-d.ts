/** Types of the total modes: page results typed by the mode, on repositories, services and the client. */
import { describe, expectTypeOf, it } from 'vitest';
import type { TotalMode, TotalRelation } from '../../src/kit/index';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  pageMeta,
  parseListQuery,
  type ListInput,
  type PageMeta,
  type PageResult,
} from '../../src/index';
import { createClient } from '../../src/client/index';
import { toPageResult, type RepositoryPage } from '../../src/kit/index';

const users = defineResource({ name: 'users', schema: z.object({ id: z.string(), age: z.number() }) });
type User = z.output<typeof users.schema>;
const repository = createMemoryRepository(users);
const service = createResourceService({ resource: users, repository });

describe('PageMeta and PageResult', () => {
  it("type total and totalPages by the mode, number by default ('exact')", () => {
    expectTypeOf<PageMeta['total']>().toEqualTypeOf<number>();
    expectTypeOf<PageMeta<'none'>['total']>().toEqualTypeOf<null>();
    expectTypeOf<PageMeta<'none'>['totalPages']>().toEqualTypeOf<null>();
    expectTypeOf<PageMeta<'estimated'>['total']>().toEqualTypeOf<number>();
    expectTypeOf<PageMeta<TotalMode>['total']>().toEqualTypeOf<number | null>();
    expectTypeOf<NonNullable<PageMeta<'estimated'>['totalRelation']>>().toEqualTypeOf<TotalRelation>();
    expectTypeOf<PageMeta['totalRelation']>().toEqualTypeOf<undefined>();
    expectTypeOf<RepositoryPage<User>>().toMatchTypeOf<PageResult<User, 'none'>>();
    expectTypeOf<RepositoryPage<User>>().toMatchTypeOf<PageResult<User>>();
  });

  it('types pageMeta and toPageResult by totalMode', () => {
    expectTypeOf(
      pageMeta({ total: null, page: 1, limit: 1, totalMode: 'none', hasNextPage: true }).total,
    ).toEqualTypeOf<null>();
    expectTypeOf(toPageResult([1], { total: 1, page: 1, limit: 1 }).total).toEqualTypeOf<number>();
    expectTypeOf(pageMeta<TotalMode>).not.toBeAny();
  });
});

describe('list with total', () => {
  it('infers the mode from total, exact without it', async () => {
    expectTypeOf((await repository.list()).total).toEqualTypeOf<number>();
    expectTypeOf((await repository.list({ total: 'none' })).total).toEqualTypeOf<null>();
    expectTypeOf((await repository.list({ total: 'estimated', totalThreshold: 10 })).total).toEqualTypeOf<number>();
    expectTypeOf((await service.list({ total: 'none' })).totalPages).toEqualTypeOf<null>();
    expectTypeOf((await service.list({ limit: 2 })).total).toEqualTypeOf<number>();
    const input: ListInput<User> = { limit: 2 };
    expectTypeOf((await repository.list(input)).total).toEqualTypeOf<number>();
    expectTypeOf((await repository.list(parseListQuery('limit=2', users))).total).toEqualTypeOf<number>();
    const mode = 'none' as TotalMode;
    expectTypeOf((await repository.list({ total: mode })).total).toEqualTypeOf<number | null>();
    // @ts-expect-error not a total mode
    await repository.list({ total: 'fast' });
  });

  it('types the client list by total', async () => {
    const client = createClient({ baseUrl: 'http://x' }).resource<User>('/users');
    expectTypeOf((await client.list({ total: 'none' })).total).toEqualTypeOf<null>();
    expectTypeOf((await client.list()).total).toEqualTypeOf<number>();
    // @ts-expect-error not a total mode
    await client.list({ total: 'all' });
  });
});
