import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createHookBus,
  createMemoryRepository,
  createResourceService,
  defineResource,
  HttpError,
  isHttpError,
  parseListQuery,
  type HookBusOptions,
  type Repository,
  type ResourceHooks,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const users = defineResource({
  name: 'users',
  schema: z.object({ id: z.string(), username: z.string().min(1), age: z.number().int().optional() }),
  filterable: ['username', 'age'],
  sortable: ['username', 'age'],
  // The hook tests below create records with chosen ids and send extra keys; the field policy has its own tests.
  clientIds: true,
  unknownFields: 'strip',
});
type User = { id: string; username: string; age?: number | undefined };

const SEED: readonly User[] = [
  { id: 'u1', username: 'ada', age: 36 },
  { id: 'u2', username: 'alan', age: 41 },
  { id: 'u3', username: 'grace', age: 85 },
];

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(busOptions: HookBusOptions = {}, repository?: Repository<User>) {
  const base = repository ?? createMemoryRepository(users, { records: SEED, generateId: () => 'new-id' });
  // the memory repository is frozen: wrap it to spy on its methods
  const repo = { ...base, create: vi.fn(base.create), update: vi.fn(base.update) } satisfies Repository<User>;
  const onHandlerError = vi.fn(busOptions.onHandlerError);
  const hooks = createHookBus<ResourceHooks<User>>({ onHandlerError });
  const service = createResourceService({ resource: users, repository: repo, hooks });
  return { service, repository: repo, hooks, onHandlerError };
}

describe('createResourceService', () => {
  it('returns a frozen service with the resource and a default hook bus', async () => {
    const service = createResourceService({
      resource: users,
      repository: createMemoryRepository(users, { records: SEED }),
    });
    expect(Object.isFrozen(service)).toBe(true);
    expect(service.resource).toBe(users);
    const seen = vi.fn();
    service.hooks.on('onAfterGet', seen);
    await service.get('u1');
    expect(seen).toHaveBeenCalledOnce();
  });

  describe('create', () => {
    it('validates the body, lets the id be absent, and returns the stored record', async () => {
      const { service, repository } = setup();
      expect(await service.create({ username: 'hedy' })).toStrictEqual({ id: 'new-id', username: 'hedy' });
      expect(await repository.get('new-id')).toStrictEqual({ id: 'new-id', username: 'hedy' });
    });

    it.each([
      { name: 'a missing required field', body: { age: 3 } },
      { name: 'a wrong type', body: { username: 'x', age: 'three' } },
      { name: 'a rule of the schema', body: { username: '' } },
      { name: 'several problems', body: { username: 5, age: 1.5 } },
      { name: 'a non-object', body: 'hedy' },
      { name: 'null', body: null },
      { name: 'an array', body: [] },
      { name: 'a __proto__ key', body: JSON.parse('{"username":"x","__proto__":{"admin":true}}') as unknown },
    ])('throws a 400 with a string[] message for $name and stores nothing', async ({ body }) => {
      const { service, repository } = setup();
      const error = await rejectionOf(service.create(body));
      expect(isHttpError(error)).toBe(true);
      expect(error).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      const { message } = error as HttpError;
      expect(Array.isArray(message)).toBe(true);
      expect((message as readonly string[]).length).toBeGreaterThan(0);
      for (const line of message) expect(typeof line).toBe('string');
      expect(repository.create).not.toHaveBeenCalled();
      expect((await repository.list()).total).toBe(SEED.length);
      expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    });

    it('reports each problem as its own message', async () => {
      const { service } = setup();
      const error = (await rejectionOf(service.create({ username: 5, age: 1.5 }))) as HttpError;
      expect(error.message).toHaveLength(2);
      expect(error.message[0]).toMatch(/^username: /);
      expect(error.message[1]).toMatch(/^age: /);
    });

    it('calls onAfterCreate with { resource, headers, body, entity, correlationId }', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterCreate', handler);
      const body = { username: 'hedy', extra: 'stripped' };
      const created = await service.create(body, {
        headers: { 'X-Correlation-ID': 'req-1', Accept: 'application/json' },
      });
      expect(handler).toHaveBeenCalledOnce();
      const [context] = handler.mock.calls[0] as [Record<string, unknown>];
      expect(Object.keys(context).sort()).toStrictEqual([
        'body',
        'correlationId',
        'entity',
        'headers',
        'locals',
        'resource',
      ]);
      // headers is a prototype-free record, hence toEqual
      expect(context).toEqual({
        resource: users,
        headers: { 'x-correlation-id': 'req-1', accept: 'application/json' },
        body,
        entity: created,
        correlationId: 'req-1',
        locals: {},
      });
    });

    it.each([
      {
        name: 'a Node header object with mixed-case keys',
        headers: { 'X-Correlation-Id': 'abc-123', 'Content-Type': 'application/json' },
      },
      {
        name: 'a Fetch Headers',
        headers: new Headers({ 'X-Correlation-ID': 'abc-123', 'content-type': 'application/json' }),
      },
      {
        name: 'string[] values',
        headers: { 'X-CORRELATION-ID': ['abc-123', 'second'], 'content-type': 'application/json' },
      },
      { name: 'an upper-case key', headers: { 'X-CORRELATION-ID': 'abc-123', 'CONTENT-TYPE': 'application/json' } },
    ])('gives handlers lower-cased headers and the correlation id from $name', async ({ headers }) => {
      const { service, hooks } = setup();
      const seen: { header: unknown; correlationId: string; contentType: unknown }[] = [];
      hooks.on('onAfterCreate', ({ headers: h, correlationId }) => {
        seen.push({ header: h['x-correlation-id'], correlationId, contentType: h['content-type'] });
      });
      await service.create({ username: 'x' }, { headers });
      const header = seen[0]?.header;
      expect(Array.isArray(header) ? header[0] : header).toBe('abc-123');
      expect(seen[0]?.correlationId).toBe('abc-123');
      expect(seen[0]?.contentType).toBe('application/json');
    });

    it.each([
      { name: 'a CR/LF', value: 'abc\r\nSet-Cookie: x=1' },
      { name: 'a LF', value: 'abc\ndef' },
      { name: 'a 10 KB value', value: 'a'.repeat(10_240) },
      { name: '129 characters', value: 'a'.repeat(129) },
      { name: 'a space', value: 'abc def' },
      { name: 'a leading dash', value: '-abc' },
      { name: 'an empty value', value: '' },
      { name: 'Unicode', value: 'idé' },
      { name: 'a __proto__ value', value: '__proto__' },
    ])('generates a new uuid v4 correlation id for $name', async ({ value }) => {
      const { service, hooks } = setup();
      const ids: string[] = [];
      hooks.on('onAfterCreate', ({ correlationId }) => void ids.push(correlationId));
      await service.create({ username: 'x' }, { headers: { 'x-correlation-id': value } });
      expect(ids[0]).toMatch(UUID_V4);
      if (value !== '') expect(ids[0]).not.toContain(value);
    });

    it('generates a new uuid v4 per call without headers', async () => {
      const { service, hooks } = setup();
      const seen: { correlationId: string; headers: object }[] = [];
      hooks.on('onAfterGet', ({ correlationId, headers }) => void seen.push({ correlationId, headers }));
      await service.get('u1');
      await service.get('u1', { headers: undefined });
      expect(seen[0]?.correlationId).toMatch(UUID_V4);
      expect(seen[1]?.correlationId).toMatch(UUID_V4);
      expect(seen[0]?.correlationId).not.toBe(seen[1]?.correlationId);
      expect(seen[0]?.headers).toEqual({});
      expect(Object.keys(seen[0]?.headers ?? { x: 1 })).toStrictEqual([]);
    });

    it('keeps a 128-character safe id', async () => {
      const { service, hooks } = setup();
      const id = `a${'b'.repeat(127)}`;
      const ids: string[] = [];
      hooks.on('onAfterCreate', ({ correlationId }) => void ids.push(correlationId));
      await service.create({ username: 'x' }, { headers: { 'x-correlation-id': id } });
      expect(ids).toStrictEqual([id]);
    });

    it('passes a replacement entity to the next handler and to the caller', async () => {
      const { service, hooks } = setup();
      const seenBySecond: unknown[] = [];
      hooks.on('onAfterCreate', ({ entity }) => ({ ...entity, username: `${entity.username}!` }), { priority: 1 });
      hooks.on('onAfterCreate', ({ entity }) => void seenBySecond.push(entity));
      hooks.on('onAfterCreate', async ({ entity }) => ({ ...entity, age: 7 }));
      const result = await service.create({ username: 'hedy' });
      expect(seenBySecond).toStrictEqual([{ id: 'new-id', username: 'hedy!' }]);
      expect(result).toStrictEqual({ id: 'new-id', username: 'hedy!', age: 7 });
    });

    it('runs onAfterErrorCreate with (context, error) after a validation failure, then rethrows the original error', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterErrorCreate', handler);
      const body = { age: 3 };
      const error = await rejectionOf(service.create(body, { headers: { 'x-correlation-id': 'c-1' } }));
      expect(error).toMatchObject({ statusCode: 400 });
      expect(handler).toHaveBeenCalledOnce();
      const [context, received] = handler.mock.calls[0] as [Record<string, unknown>, unknown];
      expect(received).toBe(error);
      expect(context).toEqual({
        resource: users,
        headers: { 'x-correlation-id': 'c-1' },
        body,
        correlationId: 'c-1',
        locals: {},
      });
      expect(Object.keys(context).sort()).toStrictEqual(['body', 'correlationId', 'headers', 'locals', 'resource']);
    });

    it('runs onAfterErrorCreate after a repository failure (409 duplicate) and rethrows it', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      const success = vi.fn();
      hooks.on('onAfterErrorCreate', handler);
      hooks.on('onAfterCreate', success);
      const error = await rejectionOf(service.create({ id: 'u1', username: 'dup' }));
      expect(error).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect(handler).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ body: { id: 'u1', username: 'dup' } }),
        error,
      );
      expect(success).not.toHaveBeenCalled();
    });

    it('runs onAfterErrorCreate after a failing onAfterCreate handler, skips later success handlers, and rethrows', async () => {
      const { service, hooks } = setup();
      const failure = new Error('audit failed');
      const later = vi.fn();
      const onError = vi.fn();
      hooks.on('onAfterCreate', () => {
        throw failure;
      });
      hooks.on('onAfterCreate', later);
      hooks.on('onAfterErrorCreate', onError);
      await expect(service.create({ username: 'x' })).rejects.toBe(failure);
      expect(later).not.toHaveBeenCalled();
      expect(onError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ body: { username: 'x' } }), failure);
    });

    it('never lets a failing onAfterErrorCreate handler replace the error; later handlers run and failures reach onHandlerError', async () => {
      const { service, hooks, onHandlerError } = setup();
      const order: string[] = [];
      const handlerFailure = new Error('handler failed');
      hooks.on('onAfterErrorCreate', () => {
        order.push('first');
        throw handlerFailure;
      });
      hooks.on('onAfterErrorCreate', async () => {
        order.push('second');
        await Promise.resolve();
        throw 'string failure';
      });
      hooks.on('onAfterErrorCreate', () => void order.push('third'));
      const error = await rejectionOf(service.create({ id: 'u1', username: 'dup' }));
      expect(error).toMatchObject({ statusCode: 409 });
      expect(order).toStrictEqual(['first', 'second', 'third']);
      expect(onHandlerError.mock.calls).toStrictEqual([
        [handlerFailure, { event: 'onAfterErrorCreate' }],
        ['string failure', { event: 'onAfterErrorCreate' }],
      ]);
    });

    it('rethrows the original error even when onHandlerError throws', async () => {
      const { service, hooks } = setup({
        onHandlerError: () => {
          throw new Error('reporter failed');
        },
      });
      const after = vi.fn();
      hooks.on('onAfterErrorCreate', () => {
        throw new Error('handler failed');
      });
      hooks.on('onAfterErrorCreate', after);
      expect(await rejectionOf(service.create({ username: '' }))).toMatchObject({ statusCode: 400 });
      expect(after).toHaveBeenCalledOnce();
    });
  });

  describe('list', () => {
    it('returns the page and calls onAfterList with { resource, headers, correlationId, query, result }', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterList', handler);
      const query = { where: { age: { gte: 40 } }, limit: 1 } as const;
      const page = await service.list(query, { headers: { 'X-Correlation-Id': 'l-1' } });
      expect(page.items).toStrictEqual([SEED[1]]);
      expect(page).toMatchObject({ total: 2, limit: 1, totalPages: 2 });
      expect(handler).toHaveBeenCalledExactlyOnceWith({
        resource: users,
        headers: { 'x-correlation-id': 'l-1' },
        correlationId: 'l-1',
        locals: {},
        query,
        result: page,
      });
    });

    it('accepts a ListQuery from parseListQuery', async () => {
      const { service } = setup();
      const page = await service.list(parseListQuery('username[startsl]=A&orderBy=age&orderDirection=desc', users));
      expect(page.items.map((user) => user.id)).toStrictEqual(['u2', 'u1']);
    });

    it('returns a replacement result to the caller', async () => {
      const { service, hooks } = setup();
      hooks.on('onAfterList', ({ result }) => ({
        ...result,
        items: result.items.map((user) => ({ ...user, username: 'hidden' })),
      }));
      const page = await service.list();
      expect(page.items.map((user) => user.username)).toStrictEqual(['hidden', 'hidden', 'hidden']);
    });

    it('runs onAfterErrorList with (context, error) for a bad query, then rethrows it', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterErrorList', handler);
      const query = { limit: 0 };
      const error = await rejectionOf(service.list(query));
      expect(error).toMatchObject({ statusCode: 400, message: ['limit must be a positive integer'] });
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ resource: users, query }), error);
    });
  });

  describe('hook contexts', () => {
    /** Headers whose reads are counted, to see when the service normalises them. */
    function countingHeaders(): { headers: Record<string, string>; reads: () => number } {
      let reads = 0;
      const headers = new Proxy({ 'x-correlation-id': 'ctx-1', accept: 'text/plain' } as Record<string, string>, {
        ownKeys(target) {
          reads++;
          return Reflect.ownKeys(target);
        },
      });
      return { headers, reads: () => reads };
    }

    it('does not read the headers when no handler is registered', async () => {
      const { service } = setup();
      const { headers, reads } = countingHeaders();
      expect((await service.list({ limit: 2 }, { headers })).items).toHaveLength(2);
      expect(await service.get('u1', { headers })).toMatchObject({ id: 'u1' });
      expect(reads()).toBe(0);
    });

    it('reads the headers once per call and gives every handler of the call the same headers and id', async () => {
      const { service, hooks } = setup();
      const { headers, reads } = countingHeaders();
      const seen: { headers: object; correlationId: string }[] = [];
      hooks.on('onAfterList', ({ headers: h, correlationId }) => void seen.push({ headers: h, correlationId }));
      hooks.on('onAfterList', ({ headers: h, correlationId }) => {
        seen.push({ headers: h, correlationId });
        throw new Error('second handler fails');
      });
      hooks.on('onAfterErrorList', ({ headers: h, correlationId }) => void seen.push({ headers: h, correlationId }));
      await expect(service.list({ limit: 1 }, { headers })).rejects.toThrow('second handler fails');
      expect(reads()).toBe(1);
      expect(seen).toHaveLength(3);
      expect(seen.map((entry) => entry.correlationId)).toStrictEqual(['ctx-1', 'ctx-1', 'ctx-1']);
      expect(seen[1]?.headers).toBe(seen[0]?.headers);
      expect(seen[2]?.headers).toBe(seen[0]?.headers);
    });

    it('builds the error context, with a generated id, when only an error handler is registered', async () => {
      const { service, hooks } = setup();
      const contexts: { correlationId: string; id: string }[] = [];
      hooks.on('onAfterErrorGet', ({ correlationId, id }) => void contexts.push({ correlationId, id }));
      const error = await rejectionOf(service.get('missing'));
      expect(isHttpError(error) && error.statusCode).toBe(404);
      expect(contexts).toHaveLength(1);
      expect(contexts[0]?.id).toBe('missing');
      expect(contexts[0]?.correlationId).toMatch(UUID_V4);
    });
  });

  describe('listByCursor', () => {
    it('returns the page and calls onAfterListByCursor with the result', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterListByCursor', handler);
      const page = await service.listByCursor({ limit: 2 });
      expect(page.items.map((user) => user.id)).toStrictEqual(['u1', 'u2']);
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ query: { limit: 2 }, result: page }));
      const next = await service.listByCursor({ limit: 2, cursor: page.nextCursor });
      expect(next).toStrictEqual({ items: [SEED[2]], nextCursor: null });
    });

    it('runs onAfterErrorListByCursor for a malformed cursor, then rethrows it', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterErrorListByCursor', handler);
      const error = await rejectionOf(service.listByCursor({ cursor: '!!' }));
      expect(error).toMatchObject({ statusCode: 400 });
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ query: { cursor: '!!' } }), error);
    });
  });

  describe('get', () => {
    it('returns the record and calls onAfterGet with { id, entity }; a replacement reaches the caller', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn(({ entity }: { entity: User }) => ({ ...entity, age: 0 }));
      hooks.on('onAfterGet', handler);
      expect(await service.get('u2', { headers: { 'x-correlation-id': 'g-1' } })).toStrictEqual({ ...SEED[1], age: 0 });
      expect(handler).toHaveBeenCalledExactlyOnceWith({
        resource: users,
        headers: { 'x-correlation-id': 'g-1' },
        correlationId: 'g-1',
        locals: {},
        id: 'u2',
        entity: SEED[1],
      });
    });

    it('runs onAfterErrorGet with (context, error) for a missing id, then rethrows the 404', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      const success = vi.fn();
      hooks.on('onAfterErrorGet', handler);
      hooks.on('onAfterGet', success);
      const error = await rejectionOf(service.get('nope'));
      expect(error).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'nope' }), error);
      expect(handler.mock.calls[0]?.[0]).not.toHaveProperty('entity');
      expect(success).not.toHaveBeenCalled();
    });
  });

  describe('update', () => {
    it('applies the patch and calls onAfterUpdate with { id, patch, entity }', async () => {
      const { service, hooks, repository } = setup();
      const handler = vi.fn();
      hooks.on('onAfterUpdate', handler);
      const updated = await service.update('u1', { age: 37 });
      expect(updated).toStrictEqual({ id: 'u1', username: 'ada', age: 37 });
      expect(await repository.get('u1')).toStrictEqual(updated);
      expect(handler).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ id: 'u1', patch: { age: 37 }, entity: updated }),
      );
    });

    it.each([
      { name: 'a changed id', patch: { id: 'u9' } },
      { name: 'a wrong type', patch: { age: 'old' } },
      { name: 'a rule of the schema', patch: { username: '' } },
      { name: 'a non-object', patch: 42 },
    ])('throws a 400 for $name, runs onAfterErrorUpdate, and leaves the record unchanged', async ({ patch }) => {
      const { service, hooks, repository } = setup();
      const handler = vi.fn();
      hooks.on('onAfterErrorUpdate', handler);
      const error = await rejectionOf(service.update('u1', patch));
      expect(error).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(Array.isArray((error as HttpError).message)).toBe(true);
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'u1', patch }), error);
      expect(repository.update).not.toHaveBeenCalled();
      expect(await repository.get('u1')).toStrictEqual(SEED[0]);
      expect((await repository.list()).total).toBe(SEED.length);
    });

    it('names the id in the message when the patch changes it', async () => {
      const { service } = setup();
      expect(await rejectionOf(service.update('u1', { id: 'u9' }))).toMatchObject({
        message: ['id: the id cannot be changed'],
      });
    });

    it('runs onAfterErrorUpdate for a missing id, then rethrows the 404', async () => {
      const { service, hooks } = setup();
      const handler = vi.fn();
      hooks.on('onAfterErrorUpdate', handler);
      const error = await rejectionOf(service.update('nope', { age: 1 }));
      expect(error).toMatchObject({ statusCode: 404 });
      expect(handler).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ id: 'nope', patch: { age: 1 } }),
        error,
      );
    });

    it('rethrows a failing onAfterUpdate handler after onAfterErrorUpdate', async () => {
      const { service, hooks } = setup();
      const failure = new Error('hook failed');
      const handler = vi.fn();
      hooks.on('onAfterUpdate', () => Promise.reject(failure));
      hooks.on('onAfterErrorUpdate', handler);
      await expect(service.update('u1', { age: 2 })).rejects.toBe(failure);
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'u1' }), failure);
    });
  });

  describe('delete', () => {
    it('removes the record and calls onAfterDelete with { id, entity }', async () => {
      const { service, hooks, repository } = setup();
      const handler = vi.fn();
      hooks.on('onAfterDelete', handler);
      expect(await service.delete('u3')).toStrictEqual(SEED[2]);
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'u3', entity: SEED[2] }));
      expect((await repository.list()).total).toBe(2);
    });

    it('runs onAfterErrorDelete for a missing id, then rethrows the 404', async () => {
      const { service, hooks, onHandlerError } = setup();
      const handler = vi.fn();
      const failing = new Error('delete hook failed');
      hooks.on('onAfterErrorDelete', () => {
        throw failing;
      });
      hooks.on('onAfterErrorDelete', handler);
      const error = await rejectionOf(service.delete('nope'));
      expect(error).toMatchObject({ statusCode: 404 });
      expect(handler).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'nope' }), error);
      expect(onHandlerError).toHaveBeenCalledExactlyOnceWith(failing, { event: 'onAfterErrorDelete' });
    });
  });

  type Op = 'Create' | 'List' | 'ListByCursor' | 'Get' | 'Update' | 'Delete';
  const OPERATIONS: readonly {
    op: Op;
    call: (service: ReturnType<typeof setup>['service'], headers: object) => Promise<unknown>;
    failing: (service: ReturnType<typeof setup>['service']) => Promise<unknown>;
  }[] = [
    { op: 'Create', call: (s, headers) => s.create({ username: 'x' }, { headers }), failing: (s) => s.create({}) },
    { op: 'List', call: (s, headers) => s.list({ limit: 2 }, { headers }), failing: (s) => s.list({ page: -1 }) },
    {
      op: 'ListByCursor',
      call: (s, headers) => s.listByCursor({ limit: 2 }, { headers }),
      failing: (s) => s.listByCursor({ cursor: 'x' }),
    },
    { op: 'Get', call: (s, headers) => s.get('u1', { headers }), failing: (s) => s.get('nope') },
    {
      op: 'Update',
      call: (s, headers) => s.update('u1', { age: 1 }, { headers }),
      failing: (s) => s.update('nope', {}),
    },
    { op: 'Delete', call: (s, headers) => s.delete('u1', { headers }), failing: (s) => s.delete('nope') },
  ];

  it.each(OPERATIONS)(
    'runs every onAfterError$op handler after a failing onAfter$op handler and rethrows the handler error',
    async ({ op, call }) => {
      const { service, hooks, onHandlerError } = setup();
      const failure = new Error(`${op} hook failed`);
      const errorHandlerFailure = new Error('error handler failed');
      const seen: unknown[][] = [];
      hooks.on(`onAfter${op}`, () => Promise.reject(failure));
      hooks.on(`onAfterError${op}`, () => {
        throw errorHandlerFailure;
      });
      hooks.on(`onAfterError${op}`, (context: object, error: unknown) => void seen.push([context, error]));
      await expect(call(service, { 'X-Correlation-Id': `id-${op}` })).rejects.toBe(failure);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.[1]).toBe(failure);
      expect(seen[0]?.[0]).toMatchObject({
        resource: users,
        correlationId: `id-${op}`,
        headers: { 'x-correlation-id': `id-${op}` },
      });
      expect(onHandlerError).toHaveBeenCalledExactlyOnceWith(errorHandlerFailure, { event: `onAfterError${op}` });
    },
  );

  it.each(OPERATIONS)(
    'runs onAfterError$op, not onAfter$op, when $op fails, and rethrows the original error',
    async ({ op, failing }) => {
      const { service, hooks } = setup();
      const success = vi.fn();
      const seen: unknown[] = [];
      hooks.on(`onAfter${op}`, success);
      hooks.on(`onAfterError${op}`, (_context: object, error: unknown) => void seen.push(error));
      const error = await rejectionOf(failing(service));
      expect(isHttpError(error)).toBe(true);
      expect(seen).toStrictEqual([error]);
      expect(success).not.toHaveBeenCalled();
    },
  );

  it('gives each handler a frozen context', async () => {
    const { service, hooks } = setup();
    const frozen: boolean[] = [];
    hooks.on('onAfterGet', (context) => void frozen.push(Object.isFrozen(context), Object.isFrozen(context.headers)));
    hooks.on('onAfterErrorGet', (context) => void frozen.push(Object.isFrozen(context)));
    await service.get('u1', { headers: { a: 'b' } });
    await rejectionOf(service.get('nope'));
    expect(frozen).toStrictEqual([true, true, true]);
  });

  it('passes any error thrown by the repository through unchanged', async () => {
    const failure = new HttpError(503, 'database down');
    const base = createMemoryRepository(users, { records: SEED });
    const repository: Repository<User> = { ...base, list: () => Promise.reject(failure) };
    const { service, hooks } = setup({}, repository);
    const handler = vi.fn();
    hooks.on('onAfterErrorList', handler);
    await expect(service.list()).rejects.toBe(failure);
    expect(handler).toHaveBeenCalledExactlyOnceWith(expect.anything(), failure);
  });
});
