import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  isHttpError,
  type Repository,
  type ResourceConfig,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const schema = z.object({
  id: z.string(),
  name: z.string().min(1).max(20),
  age: z.number().int().optional(),
  role: z.enum(['admin', 'member']).optional(),
  createdAt: z.date().default(() => new Date(0)),
  passwordHash: z.string().optional(),
});
type User = z.output<typeof schema>;

const POLICY = {
  name: 'users',
  schema,
  clientIds: false,
  readOnly: ['createdAt'],
  hidden: ['passwordHash'],
} as const satisfies ResourceConfig<typeof schema>;

const SEED: readonly User[] = [
  { id: 'u1', name: 'ada', age: 36, createdAt: new Date(1_000), passwordHash: 'h1' },
  { id: 'u2', name: 'alan', createdAt: new Date(2_000), passwordHash: 'h2' },
];

function setup(config: Partial<ResourceConfig<typeof schema>> = {}) {
  const resource = defineResource({ ...POLICY, ...config });
  let next = 0;
  const base = createMemoryRepository(resource, { records: SEED, generateId: () => `new-${++next}` });
  // The memory repository is frozen: wrap it to spy on its writes.
  const repository = {
    ...base,
    create: vi.fn(base.create),
    update: vi.fn(base.update),
    replace: vi.fn(base.replace),
  } satisfies Repository<User>;
  const service = createResourceService({ resource, repository });
  const snapshot = async () => (await base.list({ limit: 100 })).items;
  return { resource, repository, service, snapshot };
}

class Account {
  name = 'ada';
}

const LONG_KEY = 'k'.repeat(100);
const MANY_KEYS = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`extra${i}`, i]));

type Mode = 'create' | 'update' | 'replace';

interface Row {
  readonly name: string;
  /** A fresh body per call (JSON.parse keeps `__proto__` an own key). */
  readonly body: () => unknown;
  /** The messages of create. */
  readonly create: readonly string[];
  /** The messages of update and replace of `u1`, when they differ from create's. */
  readonly write?: readonly string[];
}

const NOT_OBJECT = ['the body must be a JSON object'];

const ROWS: readonly Row[] = [
  // each key class alone
  {
    name: 'the id',
    body: () => ({ name: 'ok', id: 'evil' }),
    create: ['id: the id is assigned by the server'],
    write: ['id: the id cannot be changed'],
  },
  {
    name: 'the id as a number',
    body: () => ({ name: 'ok', id: 1 }),
    create: ['id: the id is assigned by the server'],
    write: ['id: the id cannot be changed'],
  },
  {
    name: 'a read-only field',
    body: () => ({ name: 'ok', createdAt: new Date(5) }),
    create: ['createdAt: the field is read-only'],
  },
  {
    name: 'a read-only field with a value of the wrong type',
    body: () => ({ name: 'ok', createdAt: '2020-01-01' }),
    create: ['createdAt: the field is read-only'],
  },
  { name: 'a hidden field', body: () => ({ name: 'ok', passwordHash: 'x' }), create: ['passwordHash: unknown field'] },
  {
    name: 'a hidden field set to null',
    body: () => ({ name: 'ok', passwordHash: null }),
    create: ['passwordHash: unknown field'],
  },
  { name: 'an unknown key', body: () => ({ name: 'ok', nickname: 'x' }), create: ['nickname: unknown field'] },
  {
    name: '__proto__ from JSON.parse',
    body: () => JSON.parse('{"name":"ok","__proto__":{"isAdmin":true}}') as unknown,
    create: ['__proto__: this key is not allowed'],
  },
  {
    name: 'constructor',
    body: () => ({ name: 'ok', constructor: { prototype: { isAdmin: true } } }),
    create: ['constructor: this key is not allowed'],
  },
  { name: 'prototype', body: () => ({ name: 'ok', prototype: {} }), create: ['prototype: this key is not allowed'] },
  {
    name: 'an Object.prototype name',
    body: () => ({ name: 'ok', toString: 'x' }),
    create: ['toString: unknown field'],
  },
  {
    name: 'a wrong type',
    body: () => ({ name: 5 }),
    create: ['name: Invalid input: expected string, received number'],
  },
  {
    name: 'null for a required field',
    body: () => ({ name: null }),
    create: ['name: Invalid input: expected string, received null'],
  },
  {
    name: 'a non-integer',
    body: () => ({ name: 'ok', age: 1.5 }),
    create: ['age: Invalid input: expected int, received number'],
  },
  {
    name: 'an empty string against min(1)',
    body: () => ({ name: '' }),
    create: ['name: Too small: expected string to have >=1 characters'],
  },
  {
    name: 'a long string against max(20)',
    body: () => ({ name: 'x'.repeat(10_000) }),
    create: ['name: Too big: expected string to have <=20 characters'],
  },
  {
    name: 'a value outside the enum',
    body: () => ({ name: 'ok', role: 'root' }),
    create: ['role: Invalid option: expected one of "admin"|"member"'],
  },
  {
    name: 'a repeated key whose last value is wrong',
    body: () => JSON.parse('{"name":"ok","name":7}') as unknown,
    create: ['name: Invalid input: expected string, received number'],
  },
  // non-object bodies
  { name: 'null', body: () => null, create: NOT_OBJECT },
  { name: 'undefined', body: () => undefined, create: NOT_OBJECT },
  { name: 'an array', body: () => [{ name: 'ok' }], create: NOT_OBJECT },
  { name: 'an empty array', body: () => [], create: NOT_OBJECT },
  { name: 'a string', body: () => '{"name":"ok"}', create: NOT_OBJECT },
  { name: 'a number', body: () => 42, create: NOT_OBJECT },
  { name: 'a boolean', body: () => true, create: NOT_OBJECT },
  { name: 'a Date', body: () => new Date(0), create: NOT_OBJECT },
  { name: 'a class instance', body: () => new Account(), create: NOT_OBJECT },
  { name: 'a Map', body: () => new Map([['name', 'ok']]), create: NOT_OBJECT },
  // hostile key spellings
  {
    name: 'a hidden field in a null-prototype object',
    body: () => Object.assign(Object.create(null) as object, { name: 'ok', passwordHash: 'x' }),
    create: ['passwordHash: unknown field'],
  },
  { name: 'an empty key', body: () => ({ name: 'ok', '': 1 }), create: [': unknown field'] },
  { name: 'a Unicode key', body: () => ({ name: 'ok', nàme: 'x' }), create: ['nàme: unknown field'] },
  {
    name: 'a percent-encoded hidden name',
    body: () => ({ name: 'ok', 'password%48ash': 'x' }),
    create: ['password%48ash: unknown field'],
  },
  { name: 'a key with a line break', body: () => ({ name: 'ok', 'a\nb': 1 }), create: ['a?b: unknown field'] },
  { name: 'a long key', body: () => ({ name: 'ok', [LONG_KEY]: 1 }), create: [`${'k'.repeat(64)}…: unknown field`] },
  {
    name: '25 unknown keys (at most 20 messages)',
    body: () => ({ name: 'ok', ...MANY_KEYS }),
    create: Array.from({ length: 20 }, (_, i) => `extra${i}: unknown field`),
  },
  // mixed: every class in one body, reported together in the contract's order
  {
    name: 'every class at once',
    body: () =>
      JSON.parse(
        '{"name":5,"__proto__":{},"id":"evil","passwordHash":"x","createdAt":"2020","nickname":1,"constructor":1,"age":"old","prototype":1}',
      ) as unknown,
    create: [
      '__proto__: this key is not allowed',
      'constructor: this key is not allowed',
      'prototype: this key is not allowed',
      'passwordHash: unknown field',
      'nickname: unknown field',
      'id: the id is assigned by the server',
      'createdAt: the field is read-only',
      'name: Invalid input: expected string, received number',
      'age: Invalid input: expected number, received string',
    ],
    write: [
      '__proto__: this key is not allowed',
      'constructor: this key is not allowed',
      'prototype: this key is not allowed',
      'passwordHash: unknown field',
      'nickname: unknown field',
      'id: the id cannot be changed',
      'createdAt: the field is read-only',
      'name: Invalid input: expected string, received number',
      'age: Invalid input: expected number, received string',
    ],
  },
  {
    name: 'a hidden and a read-only field with a valid rest',
    body: () => ({ passwordHash: 'x', name: 'ok', createdAt: new Date(0) }),
    create: ['passwordHash: unknown field', 'createdAt: the field is read-only'],
  },
];

const CASES = ROWS.flatMap((row) =>
  (['create', 'update', 'replace'] as const).map((mode: Mode) => ({
    ...row,
    mode,
    messages: mode === 'create' ? row.create : (row.write ?? row.create),
  })),
);

function call(service: ReturnType<typeof setup>['service'], mode: Mode, body: unknown) {
  if (mode === 'create') return service.create(body);
  if (mode === 'update') return service.update('u1', body);
  return service.replace('u1', body);
}

describe('createResourceService', () => {
  describe('body checks', () => {
    it.each(CASES)('throws a 400 on $mode of a body with $name, storing nothing', async ({ mode, body, messages }) => {
      const { service, repository, snapshot } = setup();
      const before = await snapshot();
      const error = await rejectionOf(call(service, mode, body()));
      expect(isHttpError(error)).toBe(true);
      expect(error).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect((error as { message: unknown }).message).toStrictEqual(messages);
      expect(repository.create).not.toHaveBeenCalled();
      expect(repository.update).not.toHaveBeenCalled();
      expect(repository.replace).not.toHaveBeenCalled();
      expect(await snapshot()).toStrictEqual(before);
    });

    it.each(['update', 'replace'] as const)(
      'throws the 400 of the body before looking up a missing id on %s',
      async (mode) => {
        const { service } = setup();
        const run =
          mode === 'update'
            ? service.update('nope', { passwordHash: 'x' })
            : service.replace('nope', { passwordHash: 'x' });
        await expect(run).rejects.toMatchObject({ statusCode: 400, message: ['passwordHash: unknown field'] });
      },
    );

    it.each([
      { mode: 'create', body: { name: 'ok', passwordHash: undefined, id: undefined, createdAt: undefined } },
      { mode: 'update', body: { name: 'ok', passwordHash: undefined, id: undefined, createdAt: undefined } },
      { mode: 'replace', body: { name: 'ok', passwordHash: undefined, id: undefined, createdAt: undefined } },
    ] as const)(
      'returns the record on $mode when forbidden keys are present only as undefined',
      async ({ mode, body }) => {
        const { service } = setup();
        const result = await call(service, mode, body);
        expect(result).toMatchObject({ name: 'ok' });
        expect(result).not.toHaveProperty('passwordHash');
      },
    );

    it.each(['update', 'replace'] as const)(
      'returns the record on %s when the body repeats its own id',
      async (mode) => {
        const { service, snapshot } = setup();
        const result = await call(service, mode, { id: 'u1', name: 'grace' });
        expect(result).toMatchObject({ id: 'u1', name: 'grace', createdAt: new Date(1_000) });
        expect((await snapshot()).find((user) => user.id === 'u1')).toMatchObject({ id: 'u1', name: 'grace' });
      },
    );
  });

  describe("unknownFields: 'strip'", () => {
    it('drops unknown and hidden keys alike on create', async () => {
      const { service, snapshot } = setup({ unknownFields: 'strip' });
      const created = await service.create({ name: 'hedy', nickname: 'h', passwordHash: 'x', passwordHasx: 'y' });
      expect(created).toStrictEqual({ id: 'new-1', name: 'hedy', createdAt: new Date(0) });
      expect((await snapshot()).find((user) => user.id === 'new-1')).toStrictEqual({
        id: 'new-1',
        name: 'hedy',
        createdAt: new Date(0),
      });
    });

    it('drops unknown and hidden keys alike on update, keeping the stored hidden value', async () => {
      const { service, snapshot } = setup({ unknownFields: 'strip' });
      const updated = await service.update('u1', { name: 'ada2', nickname: 'h', passwordHash: 'x' });
      expect(updated).toStrictEqual({ id: 'u1', name: 'ada2', age: 36, createdAt: new Date(1_000) });
      expect((await snapshot()).find((user) => user.id === 'u1')).toStrictEqual({ ...SEED[0], name: 'ada2' });
    });

    it('drops unknown and hidden keys alike on replace, keeping the stored hidden value', async () => {
      const { service, snapshot } = setup({ unknownFields: 'strip' });
      const replaced = await service.replace('u1', { name: 'ada3', nickname: 'h', passwordHash: 'x' });
      expect(replaced).toStrictEqual({ id: 'u1', name: 'ada3', createdAt: new Date(1_000) });
      expect((await snapshot()).find((user) => user.id === 'u1')).toStrictEqual({
        id: 'u1',
        name: 'ada3',
        createdAt: new Date(1_000),
        passwordHash: 'h1',
      });
    });

    it.each([
      {
        name: 'a read-only field',
        body: { name: 'ok', createdAt: new Date(0) },
        messages: ['createdAt: the field is read-only'],
      },
      { name: 'the id', body: { name: 'ok', id: 'evil' }, messages: ['id: the id is assigned by the server'] },
      {
        name: 'an unsafe key',
        body: JSON.parse('{"name":"ok","__proto__":{}}') as unknown,
        messages: ['__proto__: this key is not allowed'],
      },
      {
        name: 'a wrong type beside an unknown key',
        body: { name: 5, nickname: 'x' },
        messages: ['name: Invalid input: expected string, received number'],
      },
    ])('throws a 400 on create for $name, which it does not strip', async ({ body, messages }) => {
      const { service, snapshot } = setup({ unknownFields: 'strip' });
      const before = await snapshot();
      await expect(service.create(body)).rejects.toMatchObject({ statusCode: 400, message: messages });
      expect(await snapshot()).toStrictEqual(before);
    });
  });

  describe('clientIds: true', () => {
    it('returns the record created with the id the client chose', async () => {
      const { service, snapshot } = setup({ clientIds: true });
      expect(await service.create({ id: 'chosen', name: 'hedy' })).toStrictEqual({
        id: 'chosen',
        name: 'hedy',
        createdAt: new Date(0),
      });
      expect((await snapshot()).map((user) => user.id)).toStrictEqual(['chosen', 'u1', 'u2']);
    });

    it('returns a server-assigned id when the client names none', async () => {
      const { service } = setup({ clientIds: true });
      expect(await service.create({ name: 'hedy' })).toMatchObject({ id: 'new-1' });
    });

    it.each([
      { name: 'a number', id: 7, messages: ['id: Invalid input: expected string, received number'] },
      { name: 'null', id: null, messages: ['id: Invalid input: expected string, received null'] },
    ])('throws a 400 on create for an id given as $name', async ({ id, messages }) => {
      const { service, snapshot } = setup({ clientIds: true });
      const before = await snapshot();
      await expect(service.create({ id, name: 'hedy' })).rejects.toMatchObject({ statusCode: 400, message: messages });
      expect(await snapshot()).toStrictEqual(before);
    });

    it.each(['update', 'replace'] as const)(
      'returns the record on %s when the body repeats its own id',
      async (mode) => {
        const { service } = setup({ clientIds: true });
        expect(await call(service, mode, { id: 'u1', name: 'grace' })).toMatchObject({ id: 'u1', name: 'grace' });
      },
    );

    it.each([
      { mode: 'update', id: 'u2' },
      { mode: 'update', id: 'U1' },
      { mode: 'update', id: 'u1 ' },
      { mode: 'replace', id: 'u2' },
      { mode: 'replace', id: '' },
    ] as const)('throws a 400 on $mode when the body names the id $id of another record', async ({ mode, id }) => {
      const { service, snapshot } = setup({ clientIds: true });
      const before = await snapshot();
      await expect(call(service, mode, { id, name: 'grace' })).rejects.toMatchObject({
        statusCode: 400,
        message: ['id: the id cannot be changed'],
      });
      expect(await snapshot()).toStrictEqual(before);
    });
  });
});
