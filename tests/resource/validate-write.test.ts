import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, isHttpError } from '../../src/index';
import { checkBody, validateCreate, validatePatch, validateReplace, validateWrite } from '../../src/resource/index';

const schema = z.object({
  id: z.string(),
  name: z.string().min(1),
  age: z.number().int().optional(),
  role: z.enum(['admin', 'member']).default('member'),
  createdAt: z.date().default(() => new Date(0)),
  day: z.iso.date().optional(),
  tags: z.array(z.string()).optional(),
});
const users = defineResource({ name: 'users', schema, clientIds: true });

/** A resource of the same schema whose `name` counts its parses. */
function counted() {
  const parses = { name: 0 };
  const resource = defineResource({
    name: 'counted',
    schema: schema.extend({
      name: z
        .string()
        .min(1)
        .refine(() => ++parses.name > 0),
    }),
    clientIds: true,
  });
  return { resource, parses };
}

/** The result of a call, or its status and messages: comparable whichever it is, key order included. */
function outcome(call: () => unknown): unknown {
  try {
    const value = call() as Record<string, unknown>;
    return { keys: Object.keys(value), value };
  } catch (error) {
    return isHttpError(error) ? { status: error.statusCode, message: error.message } : error;
  }
}

const NO_CHECK = {};
const YEAR_ZERO = new Date('0000-06-01T00:00:00.000Z');

const BODIES: readonly { name: string; body: () => unknown }[] = [
  { name: 'a whole record', body: () => ({ id: 'r1', name: 'ada', age: 3, role: 'admin', createdAt: new Date(5) }) },
  { name: 'only the required field', body: () => ({ name: 'ada' }) },
  { name: 'nothing', body: () => ({}) },
  { name: 'a wrong type', body: () => ({ name: 5 }) },
  { name: 'an empty name', body: () => ({ name: '' }) },
  { name: 'a non-integer and a bad enum value', body: () => ({ name: 'a', age: 1.5, role: 'root' }) },
  { name: 'an unknown key', body: () => ({ name: 'ada', nickname: 'x' }) },
  { name: '__proto__ from JSON.parse', body: () => JSON.parse('{"name":"ada","__proto__":{"x":1}}') as unknown },
  { name: 'constructor', body: () => ({ name: 'ada', constructor: 1 }) },
  { name: 'prototype', body: () => ({ name: 'ada', prototype: 1 }) },
  { name: 'undefined values', body: () => ({ name: 'ada', age: undefined, role: undefined }) },
  { name: 'null for a required field', body: () => ({ name: null }) },
  { name: 'a date out of range', body: () => ({ name: 'ada', createdAt: YEAR_ZERO }) },
  { name: 'an ISO day of year 0000', body: () => ({ name: 'ada', day: '0000-01-01' }) },
  { name: 'the same id', body: () => ({ id: 'r1', name: 'ada' }) },
  { name: 'another id', body: () => ({ id: 'r2', name: 'ada' }) },
  { name: 'a numeric id', body: () => ({ id: 1, name: 'ada' }) },
  { name: 'repeated-looking keys', body: () => ({ name: 'ada', 'name ': 'x', Name: 'y' }) },
  { name: 'a long string', body: () => ({ name: 'n'.repeat(10_000) }) },
  { name: 'Unicode and percent-encoding', body: () => ({ name: 'Ådå 🐈 %41', tags: ['é', '%20'] }) },
  { name: 'nested values of the wrong type', body: () => ({ name: 'ada', tags: ['a', 1, { x: 1 }] }) },
  { name: 'six wrong fields', body: () => ({ name: 1, age: 'x', role: 2, tags: 3, day: 4, createdAt: 5 }) },
  { name: '25 wrong items', body: () => ({ name: 'ada', tags: Array.from({ length: 25 }, (_, i) => i) }) },
  {
    name: '25 unknown keys',
    body: () => ({ name: 'ada', ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i])) }),
  },
  { name: 'an array', body: () => ['ada'] },
  { name: 'null', body: () => null },
  { name: 'a string', body: () => 'ada' },
];

describe('validateWrite', () => {
  describe('with nothing checked before', () => {
    it.each(BODIES)('answers $name for a create as validateCreate does', ({ body }) => {
      expect(outcome(() => validateWrite(users, body(), NO_CHECK, { mode: 'create' }))).toEqual(
        outcome(() => validateCreate(users, body())),
      );
    });

    it.each(BODIES)('answers $name for a replace as validateReplace does', ({ body }) => {
      expect(outcome(() => validateWrite(users, body(), NO_CHECK, { mode: 'replace', id: 'r1' }))).toEqual(
        outcome(() => validateReplace(users, body(), 'r1')),
      );
    });

    it.each(BODIES)('answers $name for an update as validatePatch does', ({ body }) => {
      expect(outcome(() => validateWrite(users, body(), NO_CHECK, { mode: 'update', id: 'r1' }))).toEqual(
        outcome(() => validatePatch(users, body(), 'r1')),
      );
    });

    it.each(BODIES)('answers $name for a create with databaseDefaults as validateCreate does', ({ body }) => {
      const databaseDefaults = ['name', 'createdAt'];
      expect(outcome(() => validateWrite(users, body(), NO_CHECK, { mode: 'create', databaseDefaults }))).toEqual(
        outcome(() => validateCreate(users, body(), { databaseDefaults })),
      );
    });

    it('reports a date out of range beside a type error, which the record schema leaves out', () => {
      const body = { name: 5, createdAt: YEAR_ZERO };
      expect(outcome(() => validateWrite(users, body, NO_CHECK, { mode: 'create' }))).toEqual({
        status: 400,
        message: [
          'name: Invalid input: expected string, received number',
          'createdAt: must be a date in the years 0001 to 9999',
        ],
      });
      expect(outcome(() => validateCreate(users, body))).toEqual({
        status: 400,
        message: ['name: Invalid input: expected string, received number'],
      });
    });
  });

  describe('after checkBody', () => {
    it('takes the values checkBody parsed as they are and parses the others once', () => {
      const { resource, parses } = counted();
      const checked = checkBody(resource, { name: 'ada', age: 3 }, 'update', 'r1');
      expect(parses.name).toBe(1);
      validateWrite(resource, { ...checked, role: 'admin' }, checked, { mode: 'update', id: 'r1' });
      expect(parses.name).toBe(1);
      validateWrite(resource, { ...checked, name: 'eve' }, checked, { mode: 'update', id: 'r1' });
      expect(parses.name).toBe(2);
    });

    it('parses a value changed in place in the object checkBody returned', () => {
      const { resource } = counted();
      const checked = checkBody(resource, { name: 'ada' }, 'create');
      checked['name'] = '';
      expect(outcome(() => validateWrite(resource, checked, checked, { mode: 'create' }))).toEqual({
        status: 400,
        message: ['name: Too small: expected string to have >=1 characters'],
      });
    });

    it.each(['__proto__', 'constructor', 'prototype'])('refuses a %s key a before-hook adds', (key) => {
      const checked = checkBody(users, { name: 'ada' }, 'create');
      const replacement = JSON.parse(`{"name":"ada","${key}":{"x":1}}`) as unknown;
      expect(outcome(() => validateWrite(users, replacement, checked, { mode: 'create' }))).toEqual({
        status: 400,
        message: [`${key}: this key is not allowed`],
      });
    });
  });
});

describe('the validated mark', () => {
  const write = (resource: Res) => {
    const checked = checkBody(resource, { name: 'ada' }, 'replace', 'r1');
    return validateWrite(resource, checked, checked, { mode: 'replace', id: 'r1', databaseDefaults: ['age'] });
  };

  it('lets validateReplace return a copy of what validateWrite returned, parsing nothing', () => {
    const { resource, parses } = counted();
    const record = write(resource);
    const again = validateReplace(resource, record, 'r1', { databaseDefaults: ['age'] });
    expect(again).toEqual(record);
    expect(again).not.toBe(record);
    expect(parses.name).toBe(1);
  });

  it('lets validatePatch and validateCreate return their own marked input', () => {
    const { resource, parses } = counted();
    const checked = checkBody(resource, { name: 'ada' }, 'update', 'r1');
    const patch = validateWrite(resource, checked, checked, { mode: 'update', id: 'r1' });
    expect(validatePatch(resource, patch, 'r1')).toEqual({ name: 'ada' });
    const body = checkBody(resource, { name: 'eve' }, 'create');
    const record = validateWrite(resource, body, body, { mode: 'create' });
    expect(validateCreate(resource, record)).toEqual({ name: 'eve', role: 'member', createdAt: new Date(0) });
    expect(parses.name).toBe(2);
  });

  it.each([
    { name: 'another id', call: (_r: Rec, res: Res, patch: Rec) => validatePatch(res, patch, 'r2') },
    { name: 'other databaseDefaults', call: (r: Rec, res: Res) => validateReplace(res, r, 'r1') },
    { name: 'another write', call: (r: Rec, res: Res) => validateCreate(res, r, SAME) },
    {
      name: 'a copy with a changed value',
      call: (r: Rec, res: Res) => validateReplace(res, { ...r, name: 'x' }, 'r1', SAME),
    },
    {
      name: 'a value changed after marking',
      call: (r: Rec, res: Res) => validateReplace(res, Object.assign(r, { name: 'x' }), 'r1', SAME),
    },
    {
      name: 'a key added after marking',
      call: (r: Rec, res: Res) => validateReplace(res, Object.assign(r, { age: 1 }), 'r1', SAME),
    },
    {
      name: 'a key removed after marking',
      call: (r: Rec, res: Res) => validateReplace(res, (delete r['role'], r), 'r1', SAME),
    },
  ])('parses the record again for $name', ({ call }) => {
    const { resource, parses } = counted();
    const record = write(resource);
    const checked = checkBody(resource, { name: 'ada' }, 'update', 'r1');
    const patch = validateWrite(resource, checked, checked, { mode: 'update', id: 'r1' });
    expect(parses.name).toBe(2);
    call(record, resource, patch);
    expect(parses.name).toBe(3);
  });

  it('parses the record again for another resource', () => {
    const first = counted();
    const second = counted();
    const record = write(first.resource);
    validateReplace(second.resource, record, 'r1', SAME);
    expect([first.parses.name, second.parses.name]).toEqual([1, 1]);
  });
});

type Rec = Record<string, unknown>;
type Res = ReturnType<typeof counted>['resource'];
const SAME = { databaseDefaults: ['age'] };
