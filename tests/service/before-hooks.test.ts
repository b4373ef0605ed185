import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  HttpError,
  type HookOptions,
  type Repository,
  type ResourceService,
  type ScopeFunction,
} from '../../src/index';
import { ForbiddenError } from '../../src/errors/index';
import { rejectionOf } from '../support/rejection-of';

const schema = z.object({
  id: z.string(),
  title: z.string().min(1),
  n: z.number().int().default(0),
  createdAt: z.date().optional(),
  ownerId: z.string().optional(),
});
type Doc = z.output<typeof schema>;

const docs = defineResource({
  name: 'docs',
  schema,
  readOnly: ['createdAt'],
  hidden: ['ownerId'],
  filterable: ['title', 'n'],
  sortable: ['title', 'n'],
});

const SEED: readonly Doc[] = [
  { id: 'd1', title: 'alpha', n: 1, createdAt: new Date(1_000), ownerId: 'o1' },
  { id: 'd2', title: 'beta', n: 2, createdAt: new Date(2_000), ownerId: 'o2' },
  { id: 'd3', title: 'gamma', n: 3 },
];

const METHODS = ['create', 'get', 'update', 'replace', 'delete', 'list', 'listByCursor'] as const;

function setup(options: { scope?: ScopeFunction<Doc> } = {}) {
  const base = createMemoryRepository(docs, { records: SEED, generateId: () => 'new-id' });
  // The memory repository is frozen: wrap every method in a spy.
  const repository = Object.fromEntries(
    METHODS.map((method) => [
      method,
      vi.fn((...args: unknown[]) => (base[method] as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as unknown as { [M in (typeof METHODS)[number]]: ReturnType<typeof vi.fn> & Repository<Doc>[M] };
  const service = createResourceService<Doc>({ resource: docs, repository, ...options });
  const stored = async () => (await base.list({ limit: 100 })).items;
  return { base, repository, service, stored };
}

type Service = ResourceService<Doc>;
type AnyHandler = (...args: any[]) => unknown;

/** Registers a handler on an event chosen at run time (the table below names events as strings). */
const on = (service: Service, event: string, handler: AnyHandler, options?: HookOptions) =>
  (service.hooks.on as (e: string, h: AnyHandler, o?: HookOptions) => () => void)(event, handler, options);

const OPERATIONS = [
  { op: 'create', method: 'create', run: (s: Service) => s.create({ title: 'new' }) },
  { op: 'update', method: 'update', run: (s: Service) => s.update('d1', { title: 'changed' }) },
  { op: 'replace', method: 'replace', run: (s: Service) => s.replace('d1', { title: 'changed' }) },
  { op: 'get', method: 'get', run: (s: Service) => s.get('d1') },
  { op: 'delete', method: 'delete', run: (s: Service) => s.delete('d1') },
  { op: 'list', method: 'list', run: (s: Service) => s.list({ limit: 2 }) },
  { op: 'listByCursor', method: 'listByCursor', run: (s: Service) => s.listByCursor({ limit: 2 }) },
] as const;

const capital = (op: string) => `${op[0]!.toUpperCase()}${op.slice(1)}`;
const events = (op: string) => ({
  before: `onBefore${capital(op)}`,
  after: `onAfter${capital(op)}`,
  error: `onAfterError${capital(op)}`,
});

describe('createResourceService', () => {
  describe('before-hooks', () => {
    it.each(OPERATIONS)(
      'calls the onBefore handlers of $op by priority, then registration order',
      async ({ op, run }) => {
        const { service } = setup();
        const calls: string[] = [];
        const record = (name: string) => () => void calls.push(name);
        on(service, events(op).before, record('p0-first'));
        on(service, events(op).before, record('p10-first'), { priority: 10 });
        on(service, events(op).before, record('p-5'), { priority: -5 });
        on(service, events(op).before, record('p0-second'), { priority: 0 });
        on(service, events(op).before, record('p10-second'), { priority: 10 });
        await run(service);
        expect(calls).toStrictEqual(['p10-first', 'p10-second', 'p0-first', 'p0-second', 'p-5']);
      },
    );

    it.each(OPERATIONS)(
      'calls each onBefore handler of $op with the operation context, locals an empty frozen object by default',
      async ({ op, run }) => {
        const { service } = setup();
        const seen: Record<string, unknown>[] = [];
        on(service, events(op).before, (context: Record<string, unknown>) => void seen.push(context));
        await run(service);
        expect(seen).toHaveLength(1);
        const context = seen[0]!;
        expect(context['resource']).toBe(docs);
        expect(Object.keys(context['headers'] as object)).toStrictEqual([]);
        expect(context['correlationId']).toMatch(/^[0-9a-f-]{36}$/);
        expect(context['locals']).toStrictEqual({});
        expect(Object.isFrozen(context['locals'])).toBe(true);
        expect(Object.isFrozen(context)).toBe(true);
      },
    );

    it.each(OPERATIONS)(
      'calls the onBefore handlers of $op with the caller headers and locals',
      async ({ op, method }) => {
        const { service } = setup();
        const seen: Record<string, unknown>[] = [];
        on(service, events(op).before, (context: Record<string, unknown>) => void seen.push(context));
        const options = { headers: { 'X-Correlation-Id': 'req-7', 'X-Tenant': 't' }, locals: { user: { id: 'u9' } } };
        const call = {
          create: () => service.create({ title: 'new' }, options),
          update: () => service.update('d1', { title: 'x' }, options),
          replace: () => service.replace('d1', { title: 'x' }, options),
          get: () => service.get('d1', options),
          delete: () => service.delete('d1', options),
          list: () => service.list({}, options),
          listByCursor: () => service.listByCursor({}, options),
        }[method];
        await call();
        expect(seen[0]).toMatchObject({
          correlationId: 'req-7',
          headers: { 'x-correlation-id': 'req-7', 'x-tenant': 't' },
          locals: { user: { id: 'u9' } },
        });
      },
    );

    describe('refusal', () => {
      it.each(
        OPERATIONS.flatMap((row) => [
          { ...row, name: 'a ForbiddenError', error: () => new ForbiddenError('not yours'), status: 403 },
          { ...row, name: 'an HttpError 409', error: () => new HttpError(409, 'busy'), status: 409 },
          { ...row, name: 'a plain Error', error: () => new Error('boom'), status: undefined },
        ]),
      )(
        'throws $name from onBefore of $op unchanged, never calls the repository, runs the error handlers once',
        async ({ op, run, error: make, status }) => {
          const { service, repository, stored } = setup();
          const before = await stored();
          const thrown = make();
          const later = vi.fn();
          const after = vi.fn();
          const errors = vi.fn();
          on(service, events(op).before, () => {
            throw thrown;
          });
          on(service, events(op).before, later, { priority: -1 });
          on(service, events(op).after, after);
          on(service, events(op).error, errors);
          const rejected = await rejectionOf(run(service));
          expect(rejected).toBe(thrown);
          expect((rejected as { statusCode?: number }).statusCode).toBe(status);
          for (const method of METHODS) expect(repository[method]).not.toHaveBeenCalled();
          expect(later).not.toHaveBeenCalled();
          expect(after).not.toHaveBeenCalled();
          expect(errors).toHaveBeenCalledOnce();
          expect(errors.mock.calls[0]?.[1]).toBe(thrown);
          expect(errors.mock.calls[0]?.[0]).toMatchObject({ resource: docs });
          expect(await stored()).toStrictEqual(before);
        },
      );

      it.each(OPERATIONS)('refuses $op from an async handler that rejects', async ({ op, run }) => {
        const { service, repository } = setup();
        const thrown = new ForbiddenError('later');
        on(service, events(op).before, async () => {
          await Promise.resolve();
          throw thrown;
        });
        await expect(run(service)).rejects.toBe(thrown);
        for (const method of METHODS) expect(repository[method]).not.toHaveBeenCalled();
      });

      it.each([
        { op: 'get', run: (s: Service) => s.get('d1'), key: 'id', value: 'd1' },
        { op: 'delete', run: (s: Service) => s.delete('d1'), key: 'id', value: 'd1' },
        { op: 'update', run: (s: Service) => s.update('d1', { n: 5 }), key: 'patch', value: { n: 5 } },
      ])('calls the error handlers of $op with the context of the refused call', async ({ op, run, key, value }) => {
        const { service } = setup();
        const errors = vi.fn();
        on(service, events(op).before, () => {
          throw new ForbiddenError('no');
        });
        on(service, events(op).error, errors);
        await expect(run(service)).rejects.toBeInstanceOf(ForbiddenError);
        expect(errors.mock.calls[0]?.[0]).toMatchObject({ [key]: value });
      });
    });

    describe('replacement chaining', () => {
      it('calls each onBeforeCreate handler with the previous replacement and stores the last', async () => {
        const { service, repository } = setup();
        const seen: unknown[] = [];
        service.hooks.on('onBeforeCreate', ({ body }) => {
          seen.push(body);
          return { ...body, title: `${body.title}-1` };
        });
        service.hooks.on('onBeforeCreate', ({ body }) => void seen.push(body));
        service.hooks.on('onBeforeCreate', ({ body }) => {
          seen.push(body);
          return { ...body, title: `${body.title}-3`, n: 7 };
        });
        expect(await service.create({ title: 't' })).toStrictEqual({ id: 'new-id', title: 't-1-3', n: 7 });
        expect(seen).toStrictEqual([{ title: 't' }, { title: 't-1' }, { title: 't-1' }]);
        expect(repository.create).toHaveBeenCalledWith({ title: 't-1-3', n: 7 });
      });

      it('calls each onBeforeUpdate handler with the previous replacement and applies the last', async () => {
        const { service, repository } = setup();
        const seen: unknown[] = [];
        service.hooks.on('onBeforeUpdate', ({ patch }) => {
          seen.push(patch);
          return { ...patch, n: 10 };
        });
        service.hooks.on('onBeforeUpdate', ({ patch, id }) => {
          seen.push({ id, patch });
          return { title: `${patch.title}!`, n: (patch.n ?? 0) + 1 };
        });
        expect(await service.update('d2', { title: 'b' })).toStrictEqual({
          id: 'd2',
          title: 'b!',
          n: 11,
          createdAt: new Date(2_000),
        });
        expect(seen).toStrictEqual([{ title: 'b' }, { id: 'd2', patch: { title: 'b', n: 10 } }]);
        expect(repository.update).toHaveBeenCalledWith('d2', { title: 'b!', n: 11 }, { fresh: true });
      });

      it('calls each onBeforeReplace handler with the previous replacement and stores the last', async () => {
        const { service, stored } = setup();
        const seen: unknown[] = [];
        service.hooks.on('onBeforeReplace', ({ body }) => {
          seen.push(body);
          return { ...body, n: 4 };
        });
        service.hooks.on('onBeforeReplace', ({ body }) => {
          seen.push(body);
          return { title: `${body.title}+`, n: body.n };
        });
        expect(await service.replace('d2', { title: 'b' })).toStrictEqual({
          id: 'd2',
          title: 'b+',
          n: 4,
          createdAt: new Date(2_000),
        });
        expect(seen).toStrictEqual([{ title: 'b' }, { title: 'b', n: 4 }]);
        expect((await stored()).find((doc) => doc.id === 'd2')).toStrictEqual({
          id: 'd2',
          title: 'b+',
          n: 4,
          createdAt: new Date(2_000),
          ownerId: 'o2',
        });
      });

      it('calls each onBeforeList handler with the previous replacement and lists with the last', async () => {
        const { service, repository } = setup();
        const seen: unknown[] = [];
        service.hooks.on('onBeforeList', ({ query }) => {
          seen.push(query);
          return { ...query, where: { n: { gte: 2 } } };
        });
        service.hooks.on('onBeforeList', ({ query }) => {
          seen.push(query);
          return { ...query, orderBy: [{ field: 'n', direction: 'desc' }] };
        });
        const page = await service.list({ limit: 1 });
        expect(page.items.map((doc) => doc.id)).toStrictEqual(['d3']);
        expect(page.total).toBe(2);
        expect(seen).toStrictEqual([{ limit: 1 }, { limit: 1, where: { n: { gte: 2 } } }]);
        expect(repository.list).toHaveBeenCalledWith(
          { limit: 1, where: { n: { gte: 2 } }, orderBy: [{ field: 'n', direction: 'desc' }] },
          undefined,
        );
      });

      it('calls each onBeforeListByCursor handler with the previous replacement and lists with the last', async () => {
        const { service } = setup();
        const seen: unknown[] = [];
        service.hooks.on('onBeforeListByCursor', ({ query }) => {
          seen.push(query);
          return { ...query, limit: 1 };
        });
        service.hooks.on('onBeforeListByCursor', ({ query }) => {
          seen.push(query);
          return { ...query, where: { title: { starts: 'g' } } };
        });
        const page = await service.listByCursor({ limit: 5 });
        expect(page.items.map((doc) => doc.id)).toStrictEqual(['d3']);
        expect(page.nextCursor).toBeNull();
        expect(seen).toStrictEqual([{ limit: 5 }, { limit: 1 }]);
      });

      it.each([
        { op: 'list', event: 'onBeforeList', run: (s: Service) => s.list({ limit: 2 }) },
        { op: 'listByCursor', event: 'onBeforeListByCursor', run: (s: Service) => s.listByCursor({ limit: 2 }) },
      ])('throws a 400 when an $event handler returns an invalid query', async ({ op, event, run }) => {
        const { service } = setup();
        const errors = vi.fn();
        on(service, event, () => ({ limit: -1, where: { nope: 1 } }));
        on(service, events(op).error, errors);
        await expect(run(service)).rejects.toMatchObject({ statusCode: 400 });
        expect(errors).toHaveBeenCalledOnce();
      });

      it.each([
        { op: 'get', event: 'onBeforeGet', run: (s: Service) => s.get('d1') },
        { op: 'delete', event: 'onBeforeDelete', run: (s: Service) => s.delete('d1') },
      ])('ignores what an $event handler returns: the operation keeps its id', async ({ event, run }) => {
        const { service } = setup();
        on(service, event, () => 'd2');
        expect(await run(service)).toMatchObject({ id: 'd1' });
      });

      // A handler typed `(context) => void` may still return a value at run time (TypeScript accepts
      // `const audit: (c: { id: string }) => void = ({ id }) => log.push(id)` as an onBeforeGet handler, and
      // JavaScript callers have no types at all). Every later handler must see the id the operation actually uses,
      // or a permission check registered after such an audit hook checks another record than the one returned.
      it.each([
        { op: 'get', event: 'onBeforeGet', run: (s: Service) => s.get('d1') },
        { op: 'delete', event: 'onBeforeDelete', run: (s: Service) => s.delete('d1') },
      ])('calls every $event handler with the id the operation uses', async ({ op, run }) => {
        const { service } = setup();
        const log: string[] = [];
        const checked: unknown[] = [];
        const audit: (context: { readonly id: string }) => void = ({ id }) => log.push(id);
        const check = ({ id }: { readonly id: string }): void => void checked.push(id);
        if (op === 'get') {
          service.hooks.on('onBeforeGet', audit);
          service.hooks.on('onBeforeGet', check);
        } else {
          service.hooks.on('onBeforeDelete', audit);
          service.hooks.on('onBeforeDelete', check);
        }
        expect(await run(service)).toMatchObject({ id: 'd1' });
        expect(log).toStrictEqual(['d1']);
        expect(checked).toStrictEqual(['d1']);
      });
    });

    describe('trusted input', () => {
      it('stores a read-only createdAt and a hidden ownerId an onBeforeCreate handler sets', async () => {
        const { service, stored } = setup();
        service.hooks.on('onBeforeCreate', ({ body, locals }) => ({
          ...body,
          createdAt: new Date(5_000),
          ownerId: String(locals['userId']),
        }));
        const created = await service.create({ title: 'mine' }, { locals: { userId: 'u7' } });
        expect(created).toStrictEqual({ id: 'new-id', title: 'mine', n: 0, createdAt: new Date(5_000) });
        expect((await stored()).find((doc) => doc.id === 'new-id')).toStrictEqual({
          id: 'new-id',
          title: 'mine',
          n: 0,
          createdAt: new Date(5_000),
          ownerId: 'u7',
        });
      });

      it('stores a read-only and a hidden field an onBeforeUpdate handler sets', async () => {
        const { service, stored } = setup();
        service.hooks.on('onBeforeUpdate', ({ patch }) => ({ ...patch, createdAt: new Date(9), ownerId: 'o9' }));
        expect(await service.update('d1', { n: 2 })).toStrictEqual({
          id: 'd1',
          title: 'alpha',
          n: 2,
          createdAt: new Date(9),
        });
        expect((await stored()).find((doc) => doc.id === 'd1')).toMatchObject({
          createdAt: new Date(9),
          ownerId: 'o9',
        });
      });

      it('throws the 400 of the body checks before any onBeforeCreate handler runs', async () => {
        const { service, repository } = setup();
        const handler = vi.fn(({ body }: { body: object }) => ({ ...body, createdAt: new Date(1) }));
        service.hooks.on('onBeforeCreate', handler);
        await expect(service.create({ title: 'x', createdAt: new Date(1), ownerId: 'me' })).rejects.toMatchObject({
          statusCode: 400,
          message: ['ownerId: unknown field', 'createdAt: the field is read-only'],
        });
        expect(handler).not.toHaveBeenCalled();
        expect(repository.create).not.toHaveBeenCalled();
      });

      it.each([
        {
          name: 'a required field of the client (nor the server-owned one)',
          body: {},
          messages: ['title: the field is required', 'ownerId: the field is required'],
        },
        {
          name: 'a required server-owned field',
          body: { title: 'x' },
          messages: ['ownerId: the field is required'],
        },
      ])('throws a 400 when neither the client nor a hook supplies $name', async ({ body, messages }) => {
        const owned = defineResource({
          name: 'owned',
          schema: schema.extend({ ownerId: z.string() }),
          hidden: ['ownerId'],
          readOnly: ['createdAt'],
        });
        const repository = createMemoryRepository(owned);
        const create = vi.spyOn({ create: repository.create }, 'create');
        const service = createResourceService({ resource: owned, repository: { ...repository, create } });
        const handler = vi.fn(() => undefined);
        service.hooks.on('onBeforeCreate', handler);
        await expect(service.create(body)).rejects.toMatchObject({ statusCode: 400, message: messages });
        expect(handler).toHaveBeenCalledOnce();
        expect(create).not.toHaveBeenCalled();
        expect((await repository.list()).total).toBe(0);
      });

      it('throws a 400 when an onBeforeCreate handler returns a value the schema rejects', async () => {
        const { service, repository } = setup();
        service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, n: 1.5 }));
        await expect(service.create({ title: 'x' })).rejects.toMatchObject({ statusCode: 400 });
        expect(repository.create).not.toHaveBeenCalled();
      });
    });

    describe('replace', () => {
      it('keeps the stored read-only and hidden values when no hook sets them', async () => {
        const { service, stored } = setup();
        const replaced = await service.replace('d1', { title: 'whole' });
        expect(replaced).toStrictEqual({ id: 'd1', title: 'whole', n: 0, createdAt: new Date(1_000) });
        expect((await stored()).find((doc) => doc.id === 'd1')).toStrictEqual({
          id: 'd1',
          title: 'whole',
          n: 0,
          createdAt: new Date(1_000),
          ownerId: 'o1',
        });
      });

      it('leaves read-only and hidden fields absent that the stored record lacks', async () => {
        const { service, stored } = setup();
        await service.replace('d3', { title: 'whole', n: 9 });
        expect((await stored()).find((doc) => doc.id === 'd3')).toStrictEqual({ id: 'd3', title: 'whole', n: 9 });
      });

      it('stores the read-only and hidden values an onBeforeReplace handler sets', async () => {
        const { service, stored } = setup();
        service.hooks.on('onBeforeReplace', ({ body }) => ({ ...body, createdAt: new Date(7), ownerId: 'o7' }));
        await service.replace('d1', { title: 'whole' });
        expect((await stored()).find((doc) => doc.id === 'd1')).toStrictEqual({
          id: 'd1',
          title: 'whole',
          n: 0,
          createdAt: new Date(7),
          ownerId: 'o7',
        });
      });

      it('calls onAfterReplace with the whole stored record and the client body, and returns its replacement', async () => {
        const { service } = setup();
        const seen: unknown[] = [];
        service.hooks.on('onAfterReplace', ({ entity, body, id }) => {
          seen.push({ entity, body, id });
          return { ...entity, title: 'from-hook' };
        });
        const body = { title: 'whole', n: 3 };
        expect(await service.replace('d2', body)).toStrictEqual({
          id: 'd2',
          title: 'from-hook',
          n: 3,
          createdAt: new Date(2_000),
        });
        expect(seen).toStrictEqual([
          { entity: { id: 'd2', title: 'whole', n: 3, createdAt: new Date(2_000), ownerId: 'o2' }, body, id: 'd2' },
        ]);
      });

      it('throws a 404 for a missing id and runs onAfterErrorReplace once', async () => {
        const { service, stored } = setup();
        const before = await stored();
        const errors = vi.fn();
        const after = vi.fn();
        service.hooks.on('onAfterErrorReplace', errors);
        service.hooks.on('onAfterReplace', after);
        await expect(service.replace('nope', { title: 'x' })).rejects.toMatchObject({
          statusCode: 404,
          message: 'docs "nope" not found',
        });
        expect(errors).toHaveBeenCalledOnce();
        expect(after).not.toHaveBeenCalled();
        expect(await stored()).toStrictEqual(before);
      });
    });

    it('runs body checks, before-hooks, scope, repository and after-hooks in this order', async () => {
      const calls: string[] = [];
      const { service, repository } = setup({
        scope: () => {
          calls.push('scope');
          return undefined;
        },
      });
      repository.create.mockImplementationOnce(async (data: unknown) => {
        calls.push('repository');
        return { id: 'new-id', ...(data as object) };
      });
      service.hooks.on('onBeforeCreate', () => void calls.push('before'));
      service.hooks.on('onAfterCreate', () => void calls.push('after'));
      await service.create({ title: 'x' });
      expect(calls).toStrictEqual(['before', 'scope', 'repository', 'after']);
      calls.length = 0;
      await expect(service.create({ title: 'x', nope: 1 })).rejects.toMatchObject({ statusCode: 400 });
      expect(calls).toStrictEqual([]);
    });
  });
});
