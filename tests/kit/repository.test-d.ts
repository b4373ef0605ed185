import { describe, expectTypeOf, it } from 'vitest';
import type { TotalMode } from 'pagelope/kit';
import { z } from 'zod';
import {
  createHookBus,
  createMemoryRepository,
  createResourceService,
  defineResource,
  parseCursorQuery,
  parseListQuery,
  type CursorInput,
  type CursorPage,
  type CursorQuery,
  type FieldCondition,
  type FieldOf,
  type HookBus,
  type ListInput,
  type ListQuery,
  type MemoryRepositoryOptions,
  type OrderTerm,
  type PageMeta,
  type PageResult,
  type Repository,
  type Resource,
  type ResourceConfig,
  type ResourceHooks,
  type ResourceService,
  type ResourceServiceOptions,
  type Where,
  type WhereClause,
} from 'pagelope';
import { toPageResult, type CreateInput, type Patch } from 'pagelope/kit';
import {
  type CreateContext,
  type CreateErrorContext,
  type EntityContext,
  type IdErrorContext,
  type ListByCursorContext,
  type ListByCursorErrorContext,
  type ListContext,
  type ListErrorContext,
  type OperationContext,
  type UpdateContext,
  type UpdateErrorContext,
} from '../../src/service/index';

const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  age: z.number().int(),
  active: z.boolean(),
  role: z.enum(['admin', 'member']),
  createdAt: z.date(),
  deletedAt: z.date().nullable(),
  bio: z.string().optional(),
});

interface User {
  id: string;
  username: string;
  age: number;
  active: boolean;
  role: 'admin' | 'member';
  createdAt: Date;
  deletedAt: Date | null;
  bio?: string | undefined;
}

const users = defineResource({
  name: 'users',
  schema: userSchema,
  filterable: ['username', 'age'],
  sortable: ['username', 'createdAt'],
});

declare const repository: Repository<User>;

describe('defineResource', () => {
  it('infers the record type from the zod schema', () => {
    expectTypeOf(users).toEqualTypeOf<Resource<z.output<typeof userSchema>, typeof userSchema>>();
    expectTypeOf(users).toExtend<Resource<User>>();
    expectTypeOf(users.idField).toEqualTypeOf<keyof User & string>();
    expectTypeOf(users).not.toBeAny();
    expectTypeOf(users['~record']).toEqualTypeOf<z.output<typeof userSchema> | undefined>();
  });

  it('rejects field names that are not in the schema', () => {
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'email' is not a field of the schema
      filterable: ['username', 'email'],
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'email' is not a field of the schema
      filterable: { email: ['eq'] },
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'like' is not an operator
      filterable: { username: ['like'] },
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'email' is not a field of the schema
      sortable: ['email'],
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'email' is not a field of the schema
      idField: 'email',
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'email' is not a field of the schema
      defaultOrder: [{ field: 'email', direction: 'asc' }],
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'up' is not a direction
      defaultOrder: [{ field: 'age', direction: 'up' }],
    });
    defineResource({
      name: 'users',
      schema: userSchema,
      // @ts-expect-error: 'ignore' is not a limit policy
      pagination: { onLimitExceeded: 'ignore' },
    });
  });
});

describe('Repository', () => {
  it('types list as Promise<PageResult<User>>', () => {
    expectTypeOf(repository.list).returns.toEqualTypeOf<Promise<PageResult<User, TotalMode>>>();
    expectTypeOf(repository.list({ limit: 10 })).resolves.toEqualTypeOf<PageResult<User>>();
    expectTypeOf<PageResult<User>['items']>().toEqualTypeOf<readonly User[]>();
    expectTypeOf<PageResult<User>>().toExtend<PageMeta>();
    expectTypeOf(repository.listByCursor()).resolves.toEqualTypeOf<CursorPage<User>>();
    expectTypeOf(repository.get('id')).resolves.toEqualTypeOf<User>();
    expectTypeOf(repository.create).parameter(0).toEqualTypeOf<Omit<User, 'id'> & Partial<Pick<User, 'id'>>>();
    expectTypeOf(repository).not.toBeAny();
  });

  it('returns a Repository of the inferred record type from createMemoryRepository', () => {
    const memory = createMemoryRepository(users);
    expectTypeOf(memory).toEqualTypeOf<Repository<z.output<typeof userSchema>>>();
    expectTypeOf(memory.list()).resolves.toExtend<PageResult<User>>();
    expectTypeOf(memory).not.toBeAny();
  });

  it('accepts where clauses of the record fields with values of their types', () => {
    void repository.list({
      where: {
        username: { cont: 'ab', startsl: 'A', inl: ['x'] },
        age: { gte: 18, lt: 65, between: [1, 2], in: [1] },
        active: false,
        role: { in: ['admin'] },
        createdAt: { gt: new Date(), lte: '2020-01-01T00:00:00Z' },
        deletedAt: null,
        bio: { isnull: true },
      },
      orderBy: [{ field: 'createdAt', direction: 'desc' }],
    });
    void repository.list({ where: [{ username: 'a' }, { age: 3 }] });
    expectTypeOf<Where<User>>().not.toBeAny();
  });

  it('rejects unknown fields in where at compile time', () => {
    // @ts-expect-error: 'email' is not a field of User
    void repository.list({ where: { email: 'x' } });
    // @ts-expect-error: 'email' is not a field of User, in an OR either
    void repository.list({ where: [{ username: 'a' }, { email: 'x' }] });
    // @ts-expect-error: 'email' is not a field of User
    void repository.listByCursor({ where: { email: { eq: 'x' } } });
  });

  it('rejects values of the wrong type and operators that do not fit', () => {
    // @ts-expect-error: age is a number
    void repository.list({ where: { age: 'thirty' } });
    // @ts-expect-error: age is a number
    void repository.list({ where: { age: { gte: '18' } } });
    // @ts-expect-error: cont is for strings
    void repository.list({ where: { age: { cont: '1' } } });
    // @ts-expect-error: gt is not for strings
    void repository.list({ where: { username: { gt: 'a' } } });
    // @ts-expect-error: active is a boolean
    void repository.list({ where: { active: 'true' } });
    // @ts-expect-error: 'owner' is not a role
    void repository.list({ where: { role: 'owner' } });
    // @ts-expect-error: between takes a pair
    void repository.list({ where: { age: { between: [1] } } });
    // @ts-expect-error: unknown operator
    void repository.list({ where: { username: { like: '%a%' } } });
  });

  it('rejects unknown fields and directions in orderBy', () => {
    // @ts-expect-error: 'email' is not a field of User
    void repository.list({ orderBy: [{ field: 'email', direction: 'asc' }] });
    // @ts-expect-error: 'ASC' is not a direction
    void repository.list({ orderBy: [{ field: 'age', direction: 'ASC' }] });
  });
});

describe('parseListQuery and parseCursorQuery', () => {
  it('return queries of the resource record type that list and listByCursor accept', () => {
    const query = parseListQuery('limit=1', users);
    expectTypeOf(query).toEqualTypeOf<ListQuery<z.output<typeof userSchema>>>();
    expectTypeOf(query).not.toBeAny();
    const memory = createMemoryRepository(users);
    void memory.list(query);
    const cursorQuery = parseCursorQuery('limit=1', users);
    expectTypeOf(cursorQuery).toEqualTypeOf<CursorQuery<z.output<typeof userSchema>>>();
    expectTypeOf(cursorQuery).not.toBeAny();
    void memory.listByCursor(cursorQuery);
  });
});

describe('toPageResult', () => {
  it('keeps the item type', () => {
    const page = toPageResult([{ id: 'a' }], { total: 1, page: 1, limit: 1 });
    expectTypeOf(page).toEqualTypeOf<PageResult<{ id: string }>>();
    expectTypeOf(page).not.toBeAny();
  });
});

describe('createHookBus', () => {
  it('types handlers and emit arguments by event', () => {
    const bus = createHookBus<{ saved: (id: string, count: number) => void }>();
    expectTypeOf(bus).toEqualTypeOf<HookBus<{ saved: (id: string, count: number) => void }>>();
    expectTypeOf(bus).not.toBeAny();
    bus.on('saved', (id, count) => {
      expectTypeOf(id).toEqualTypeOf<string>();
      expectTypeOf(count).toEqualTypeOf<number>();
    });
    expectTypeOf(bus.on('saved', () => undefined)).toEqualTypeOf<() => void>();
    void bus.emit('saved', 'a', 1);
    // @ts-expect-error: unknown event
    bus.on('deleted', () => undefined);
    // @ts-expect-error: wrong argument type
    void bus.emit('saved', 1, 1);
    // @ts-expect-error: missing argument
    void bus.emit('saved', 'a');
    // @ts-expect-error: priority is a number
    bus.on('saved', () => undefined, { priority: 'high' });
  });
});

describe('createResourceService', () => {
  const service = createResourceService({ resource: users, repository: createMemoryRepository(users) });
  type Record_ = z.output<typeof userSchema>;

  it('is typed by the resource record type', () => {
    expectTypeOf(service).toEqualTypeOf<ResourceService<Record_>>();
    expectTypeOf(service).not.toBeAny();
    expectTypeOf(service.hooks).toEqualTypeOf<HookBus<ResourceHooks<Record_>>>();
    expectTypeOf(service.create({})).resolves.toEqualTypeOf<Record_>();
    expectTypeOf(service.list()).resolves.toEqualTypeOf<PageResult<Record_>>();
  });

  it('types hook contexts: entity is the record', () => {
    service.hooks.on('onAfterCreate', (context) => {
      expectTypeOf(context.entity).toEqualTypeOf<Record_>();
      expectTypeOf(context.entity).toExtend<User>();
      expectTypeOf(context.correlationId).toEqualTypeOf<string>();
      expectTypeOf(context.body).toEqualTypeOf<unknown>();
      expectTypeOf(context.headers['x-correlation-id']).toEqualTypeOf<string | readonly string[] | undefined>();
      expectTypeOf(context.resource).toEqualTypeOf<Resource<Record_>>();
      return { ...context.entity, username: 'x' };
    });
    service.hooks.on('onAfterErrorCreate', (context, error) => {
      expectTypeOf(error).toEqualTypeOf<unknown>();
      expectTypeOf(context.correlationId).toEqualTypeOf<string>();
      // @ts-expect-error: a failed create has no entity
      void context.entity;
    });
    service.hooks.on('onAfterList', ({ result }) => {
      expectTypeOf(result).toEqualTypeOf<PageResult<Record_, TotalMode>>();
    });
    service.hooks.on('onAfterUpdate', ({ entity, patch, id }) => {
      expectTypeOf(entity).toEqualTypeOf<Record_>();
      expectTypeOf(patch).toEqualTypeOf<Partial<Record_>>();
      expectTypeOf(id).toEqualTypeOf<string>();
    });
    service.hooks.on('onAfterGet', ({ entity }) => {
      expectTypeOf(entity.age).toEqualTypeOf<number>();
    });
    // @ts-expect-error: a replacement entity must be a record
    service.hooks.on('onAfterCreate', () => ({ username: 1 }));
    // @ts-expect-error: no such event
    service.hooks.on('onAfterPatch', () => undefined);
  });
});

describe('generic exports', () => {
  it('are never any, and neither are the types they carry', () => {
    expectTypeOf<PageResult<User>>().not.toBeAny();
    expectTypeOf<Repository<User>>().not.toBeAny();
    expectTypeOf<CreateInput<User>>().not.toBeAny();
    expectTypeOf<CreateInput<User>['username']>().toEqualTypeOf<string>();
    expectTypeOf<Patch<User>>().toEqualTypeOf<Partial<User>>();
    expectTypeOf<MemoryRepositoryOptions<User>>().not.toBeAny();
    expectTypeOf<ListQuery<User>>().not.toBeAny();
    expectTypeOf<ListQuery<User>['orderBy']>().toEqualTypeOf<readonly OrderTerm<keyof User & string>[]>();
    expectTypeOf<ListInput<User>>().not.toBeAny();
    expectTypeOf<CursorQuery<User>>().not.toBeAny();
    expectTypeOf<CursorQuery<User>['cursor']>().toEqualTypeOf<string | null>();
    expectTypeOf<CursorInput<User>>().not.toBeAny();
    expectTypeOf<CursorPage<User>>().not.toBeAny();
    expectTypeOf<CursorPage<User>['items']>().toEqualTypeOf<readonly User[]>();
    expectTypeOf<Where<User>>().not.toBeAny();
    expectTypeOf<WhereClause<User>>().not.toBeAny();
    expectTypeOf<FieldCondition<number>>().not.toBeAny();
    expectTypeOf<NonNullable<FieldCondition<number>['gte']>>().toEqualTypeOf<number>();
    expectTypeOf<OrderTerm<'a'>>().not.toBeAny();
    expectTypeOf<OrderTerm<'a'>['field']>().toEqualTypeOf<'a'>();
    expectTypeOf<Resource<User>>().not.toBeAny();
    expectTypeOf<ResourceConfig<typeof userSchema>>().not.toBeAny();
    expectTypeOf<FieldOf<typeof userSchema>>().toEqualTypeOf<keyof User & string>();
    expectTypeOf<HookBus<ResourceHooks<User>>>().not.toBeAny();
    expectTypeOf<ResourceHooks<User>>().not.toBeAny();
    expectTypeOf<ResourceService<User>>().not.toBeAny();
    expectTypeOf<ResourceServiceOptions<User>>().not.toBeAny();
    expectTypeOf<OperationContext<User>>().not.toBeAny();
    expectTypeOf<CreateContext<User>['entity']>().toEqualTypeOf<User>();
    expectTypeOf<CreateErrorContext<User>>().not.toBeAny();
    expectTypeOf<ListContext<User>['result']>().toEqualTypeOf<PageResult<User, TotalMode>>();
    expectTypeOf<ListErrorContext<User>['query']>().toEqualTypeOf<ListInput<User> | undefined>();
    expectTypeOf<ListByCursorContext<User>['result']>().toEqualTypeOf<CursorPage<User>>();
    expectTypeOf<ListByCursorErrorContext<User>>().not.toBeAny();
    expectTypeOf<EntityContext<User>['entity']>().toEqualTypeOf<User>();
    expectTypeOf<IdErrorContext<User>['id']>().toEqualTypeOf<string>();
    expectTypeOf<UpdateContext<User>['entity']>().toEqualTypeOf<User>();
    expectTypeOf<UpdateErrorContext<User>['patch']>().toEqualTypeOf<Partial<User>>();
    expectTypeOf(createHookBus).returns.not.toBeAny();
    expectTypeOf(createResourceService<User>).returns.not.toBeAny();
    expectTypeOf(createMemoryRepository<User>).returns.not.toBeAny();
    expectTypeOf(parseListQuery<User>).returns.not.toBeAny();
    expectTypeOf(parseCursorQuery<User>).returns.not.toBeAny();
    expectTypeOf(toPageResult<User>).returns.toEqualTypeOf<PageResult<User>>();
    expectTypeOf(defineResource<typeof userSchema>).returns.toEqualTypeOf<
      Resource<z.output<typeof userSchema>, typeof userSchema>
    >();
  });
});
