import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  type DefaultLocals,
  type HookBus,
  type OperationOptions,
  type WriteOptions,
  type RecordId,
  type RecordIdOf,
  type Resource,
  type ResourceHooks,
  type ResourceService,
  type ResourceServiceOptions,
  type ScopeContext,
  type ScopeFunction,
  type ServiceOperation,
  type Where,
} from 'pagelope';
import {
  type BeforeCreateContext,
  type BeforeReplaceContext,
  type BeforeUpdateContext,
  type OperationContext,
  type ReplaceContext,
  type ReplaceErrorContext,
} from '../../src/service/index';

const schema = z.object({
  id: z.string(),
  ownerId: z.string(),
  title: z.string(),
  createdAt: z.date(),
  passwordHash: z.string().optional(),
});

type User = { id: string; ownerId: string; title: string; createdAt: Date; passwordHash?: string | undefined };
type Locals = { user: { id: string } };

const users = defineResource({
  name: 'users',
  schema,
  readOnly: ['createdAt'],
  hidden: ['passwordHash'],
  filterable: ['title'],
});
const repository = createMemoryRepository(users);

describe('createResourceService', () => {
  it('returns a service typed by the record and the locals, with a scope reading locals without casts', () => {
    const service = createResourceService<User, Locals>({
      resource: users,
      repository,
      scope: ({ locals }) => ({ ownerId: locals.user.id }),
    });
    expectTypeOf(service).toEqualTypeOf<ResourceService<User, Locals>>();
    expectTypeOf(service).not.toBeAny();
    expectTypeOf(service.hooks).toEqualTypeOf<HookBus<ResourceHooks<User, Locals>>>();
  });

  it('calls the scope with the operation context and its name; the scope may be async or return undefined', () => {
    createResourceService<User, Locals>({
      resource: users,
      repository,
      scope: async (context) => {
        expectTypeOf(context).toEqualTypeOf<ScopeContext<User, Locals>>();
        expectTypeOf(context.operation).toEqualTypeOf<ServiceOperation>();
        expectTypeOf(context.locals.user.id).toEqualTypeOf<string>();
        expectTypeOf(context.resource).toEqualTypeOf<Resource<User>>();
        expectTypeOf(context.correlationId).toEqualTypeOf<string>();
        return context.operation === 'list' ? undefined : [{ ownerId: { eq: context.locals.user.id } }, { title: 'x' }];
      },
    });
  });

  it('calls hook handlers with typed locals and inputs', () => {
    const service = createResourceService<User, Locals>({ resource: users, repository });
    service.hooks.on('onBeforeCreate', ({ locals, body }) => {
      expectTypeOf(locals.user.id).toEqualTypeOf<string>();
      expectTypeOf(body).toEqualTypeOf<Readonly<Partial<User>>>();
      return { ...body, ownerId: locals.user.id, createdAt: new Date() };
    });
    service.hooks.on('onBeforeUpdate', ({ locals, id, patch }) => {
      expectTypeOf(locals.user.id).toEqualTypeOf<string>();
      expectTypeOf(id).toEqualTypeOf<string>();
      expectTypeOf(patch).toEqualTypeOf<Partial<User>>();
      return undefined;
    });
    service.hooks.on('onBeforeReplace', async ({ body }) => ({ ...body, title: 'x' }));
    service.hooks.on('onBeforeList', ({ query }) => ({ ...query, where: { title: 'x' } }));
    service.hooks.on('onBeforeListByCursor', ({ query }) => query);
    service.hooks.on('onBeforeGet', ({ id, locals }) => {
      if (id !== locals.user.id) throw new Error('no');
    });
    service.hooks.on('onBeforeDelete', async () => {});
    service.hooks.on('onAfterReplace', ({ entity, body, locals }) => {
      expectTypeOf(entity).toEqualTypeOf<User>();
      expectTypeOf(body).toEqualTypeOf<unknown>();
      expectTypeOf(locals).toEqualTypeOf<Readonly<Locals>>();
      return entity;
    });
    service.hooks.on('onAfterErrorReplace', (context, error) => {
      expectTypeOf(context).toEqualTypeOf<ReplaceErrorContext<User, Locals>>();
      expectTypeOf(error).toEqualTypeOf<unknown>();
    });
  });

  it('returns Promise<User> from replace and every record operation', () => {
    const service = createResourceService<User, Locals>({ resource: users, repository });
    const options = { locals: { user: { id: 'u1' } } };
    expectTypeOf(service.replace('u1', { title: 'x' }, options)).toEqualTypeOf<Promise<User>>();
    expectTypeOf(service.create({ title: 'x' }, options)).toEqualTypeOf<Promise<User>>();
    expectTypeOf(service.update('u1', {}, options)).toEqualTypeOf<Promise<User>>();
    expectTypeOf(service.get('u1', options)).toEqualTypeOf<Promise<User>>();
    expectTypeOf(service.delete('u1', options)).toEqualTypeOf<Promise<User>>();
    expectTypeOf(service.replace).parameter(2).toEqualTypeOf<WriteOptions<Locals> | undefined>();
  });

  it('infers the record type from the resource, with untyped read-only locals by default', () => {
    const service = createResourceService({ resource: users, repository });
    expectTypeOf(service).toEqualTypeOf<ResourceService<z.output<typeof schema>, DefaultLocals>>();
    service.hooks.on('onBeforeCreate', ({ locals }) => {
      expectTypeOf(locals['anything']).toEqualTypeOf<unknown>();
    });
  });

  it('rejects misuse at compile time', () => {
    createResourceService<User, Locals>({
      resource: users,
      repository,
      // @ts-expect-error locals has no tenantId
      scope: ({ locals }) => ({ ownerId: locals.tenantId }),
    });
    createResourceService<User, Locals>({
      resource: users,
      repository,
      // @ts-expect-error the scope names a field the record lacks
      scope: () => ({ tenantId: 't1' }),
    });
    createResourceService<User, Locals>({
      resource: users,
      repository,
      // @ts-expect-error the scope compares a string field with a number
      scope: () => ({ ownerId: 7 }),
    });
    const service = createResourceService<User, Locals>({ resource: users, repository });
    // @ts-expect-error locals of the wrong shape
    void service.get('u1', { locals: { user: { id: 1 } } });
    // @ts-expect-error a before-create replacement with a wrong field type
    service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, createdAt: 'today' }));
    // @ts-expect-error onBeforeGet handlers return nothing
    service.hooks.on('onBeforeGet', () => 'u2');
    // @ts-expect-error there is no onBeforeErrorCreate event
    service.hooks.on('onBeforeErrorCreate', () => undefined);
  });
});

describe('defineResource', () => {
  it('returns readOnly and hidden as ReadonlySet<string> and accepts only field names', () => {
    expectTypeOf(users.readOnly).toEqualTypeOf<ReadonlySet<string>>();
    expectTypeOf(users.hidden).toEqualTypeOf<ReadonlySet<string>>();
    expectTypeOf(users.clientIds).toEqualTypeOf<boolean>();
    expectTypeOf(users.unknownFields).toEqualTypeOf<'reject' | 'strip'>();
    // @ts-expect-error readOnly names a field the schema lacks
    defineResource({ name: 'x', schema, readOnly: ['nope'] });
    // @ts-expect-error hidden names a field the schema lacks
    defineResource({ name: 'x', schema, hidden: ['nope'] });
    // @ts-expect-error unknownFields takes 'reject' or 'strip'
    defineResource({ name: 'x', schema, unknownFields: 'ignore' });
  });
});

describe('generic exports', () => {
  it('are not any', () => {
    expectTypeOf<ResourceService<User, Locals>>().not.toBeAny();
    expectTypeOf<ResourceServiceOptions<User, Locals>>().not.toBeAny();
    expectTypeOf<ScopeFunction<User, Locals>>().not.toBeAny();
    expectTypeOf<ScopeContext<User, Locals>>().not.toBeAny();
    expectTypeOf<OperationContext<User, Locals>>().not.toBeAny();
    expectTypeOf<OperationOptions<Locals>>().not.toBeAny();
    expectTypeOf<BeforeCreateContext<User, Locals>>().not.toBeAny();
    expectTypeOf<BeforeUpdateContext<User, Locals>>().not.toBeAny();
    expectTypeOf<BeforeReplaceContext<User, Locals>>().not.toBeAny();
    expectTypeOf<ReplaceContext<User, Locals>>().not.toBeAny();
    expectTypeOf<ReplaceErrorContext<User, Locals>>().not.toBeAny();
    expectTypeOf<ResourceHooks<User, Locals>>().not.toBeAny();
    expectTypeOf<DefaultLocals>().not.toBeAny();
    expectTypeOf<OperationContext<User, Locals>['locals']>().toEqualTypeOf<Readonly<Locals>>();
    expectTypeOf<ReturnType<ScopeFunction<User, Locals>>>().toEqualTypeOf<
      Where<User> | undefined | Promise<Where<User> | undefined>
    >();
    expectTypeOf<ResourceServiceOptions<User, Locals>['scope']>().toEqualTypeOf<
      ScopeFunction<User, Locals> | undefined
    >();
  });
});

describe('RecordId and RecordIdOf', () => {
  it('types ids by the record: string, number, or either when the record has no id property', () => {
    expectTypeOf<RecordIdOf<{ id: string; n: number }>>().toEqualTypeOf<string>();
    expectTypeOf<RecordIdOf<{ id: number }>>().toEqualTypeOf<number>();
    expectTypeOf<RecordIdOf<{ isbn: string }>>().toEqualTypeOf<RecordId>();
    expectTypeOf<RecordIdOf<never>>().toEqualTypeOf<RecordId>();
    expectTypeOf<RecordId>().toEqualTypeOf<string | number>();
    expectTypeOf<RecordIdOf<{ id: number }>>().not.toBeAny();
  });

  it('takes number ids (and their text) on a service of records with a number id', () => {
    const counters = defineResource({ name: 'counters', schema: z.object({ id: z.number().int(), n: z.number() }) });
    const service = createResourceService({ resource: counters, repository: createMemoryRepository(counters) });
    expectTypeOf(service.get).parameter(0).toEqualTypeOf<number | string>();
    service.hooks.on('onBeforeDelete', ({ id }) => {
      expectTypeOf(id).toEqualTypeOf<number>();
    });
    // @ts-expect-error an id is a string or a number
    void service.get({ id: 1 });
  });
});
