import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type ResourceConfig } from '../../src/index';

const schema = z.object({
  id: z.string(),
  username: z.string(),
  createdAt: z.date(),
  passwordHash: z.string(),
  ownerId: z.string().optional(),
  age: z.number().int(),
});

type Config = ResourceConfig<typeof schema>;
const base: Config = { name: 'users', schema };

/** Calls defineResource with a configuration the types would reject, as JavaScript callers can. */
const define = (config: Record<string, unknown>) => defineResource({ ...base, ...config } as unknown as Config);

const sorted = (values: Iterable<string>): string[] => [...values].sort();

const LONG = 'f'.repeat(300);

describe('defineResource', () => {
  describe('field policy defaults', () => {
    it('returns clientIds false, the id read-only, nothing hidden and unknown fields rejected', () => {
      const users = defineResource(base);
      expect(users.clientIds).toBe(false);
      expect(sorted(users.readOnly)).toStrictEqual(['id']);
      expect(sorted(users.hidden)).toStrictEqual([]);
      expect(users.unknownFields).toBe('reject');
    });

    it('returns a custom id field in readOnly unless clientIds', () => {
      const keyed = defineResource({
        name: 'keyed',
        schema: z.object({ key: z.string(), n: z.number() }),
        idField: 'key',
      });
      expect(sorted(keyed.readOnly)).toStrictEqual(['key']);
      const open = defineResource({
        name: 'keyed',
        schema: z.object({ key: z.string(), n: z.number() }),
        idField: 'key',
        clientIds: true,
      });
      expect(sorted(open.readOnly)).toStrictEqual([]);
    });
  });

  describe('clientIds', () => {
    it.each([
      { clientIds: false, readOnly: [], expected: ['id'] },
      { clientIds: true, readOnly: [], expected: [] },
      { clientIds: false, readOnly: ['createdAt'], expected: ['createdAt', 'id'] },
      { clientIds: true, readOnly: ['createdAt'], expected: ['createdAt'] },
      // Naming the id explicitly while it is server-assigned anyway is allowed and changes nothing.
      { clientIds: false, readOnly: ['id', 'createdAt'], expected: ['createdAt', 'id'] },
    ] as const)('returns readOnly $expected for clientIds $clientIds and readOnly $readOnly', (row) => {
      const users = defineResource({ ...base, clientIds: row.clientIds, readOnly: row.readOnly });
      expect(users.clientIds).toBe(row.clientIds);
      expect(sorted(users.readOnly)).toStrictEqual(row.expected);
    });

    it.each([
      { name: 'a string', value: 'true' },
      { name: 'a number', value: 1 },
      { name: 'null', value: null },
      { name: 'an object', value: {} },
    ])('throws a TypeError for clientIds given as $name', ({ value }) => {
      expect(() => define({ clientIds: value })).toThrow(
        new TypeError('defineResource("users"): clientIds must be a boolean'),
      );
    });

    it('throws a TypeError naming the id field when it is readOnly although clientIds is true', () => {
      expect(() => defineResource({ ...base, clientIds: true, readOnly: ['createdAt', 'id'] })).toThrow(
        new TypeError('defineResource("users"): the id field "id" cannot be readOnly when clientIds is true'),
      );
    });
  });

  describe('readOnly', () => {
    it('returns the named fields with duplicates collapsed', () => {
      const users = defineResource({ ...base, readOnly: ['createdAt', 'age', 'createdAt'] });
      expect(sorted(users.readOnly)).toStrictEqual(['age', 'createdAt', 'id']);
    });

    it.each([
      { name: 'a field the schema lacks', field: 'created_at', shown: 'created_at' },
      { name: '__proto__', field: '__proto__', shown: '__proto__' },
      { name: 'constructor', field: 'constructor', shown: 'constructor' },
      { name: 'prototype', field: 'prototype', shown: 'prototype' },
      { name: 'toString', field: 'toString', shown: 'toString' },
      { name: 'an empty name', field: '', shown: '' },
      { name: 'a long name', field: LONG, shown: LONG },
      { name: 'a Unicode name', field: 'créé', shown: 'créé' },
      { name: 'a percent-encoded name', field: 'created%41t', shown: 'created%41t' },
      { name: 'a number', field: 5, shown: '5' },
      { name: 'null', field: null, shown: 'null' },
    ])('throws a TypeError naming $name', ({ field, shown }) => {
      expect(() => define({ readOnly: ['createdAt', field] })).toThrow(
        new TypeError(`defineResource("users"): readOnly field "${shown}" is not in the schema`),
      );
    });

    it.each([
      { name: 'a string', value: 'createdAt' },
      { name: 'an object', value: { createdAt: true } },
      { name: 'a number', value: 1 },
    ])('throws a TypeError for readOnly given as $name', ({ value }) => {
      expect(() => define({ readOnly: value })).toThrow(
        new TypeError('defineResource("users"): readOnly must be an array of field names'),
      );
    });

    it('throws when code tries to widen the exposed set after definition', () => {
      const users = defineResource({ ...base, readOnly: ['createdAt'] });
      expect(() => (users.readOnly as Set<string>).delete('createdAt')).toThrow(TypeError);
      expect(() => (users.readOnly as Set<string>).clear()).toThrow(TypeError);
      expect(() => (users.readOnly as Set<string>).add('age')).toThrow(TypeError);
      expect(sorted(users.readOnly)).toStrictEqual(['createdAt', 'id']);
    });
  });

  describe('hidden', () => {
    it('returns the named fields, which may also be read-only', () => {
      const users = defineResource({ ...base, hidden: ['passwordHash', 'ownerId'], readOnly: ['passwordHash'] });
      expect(sorted(users.hidden)).toStrictEqual(['ownerId', 'passwordHash']);
      expect(sorted(users.readOnly)).toStrictEqual(['id', 'passwordHash']);
    });

    it.each([
      { name: 'a field the schema lacks', field: 'passwordHasx', shown: 'passwordHasx' },
      { name: '__proto__', field: '__proto__', shown: '__proto__' },
      { name: 'constructor', field: 'constructor', shown: 'constructor' },
      { name: 'hasOwnProperty', field: 'hasOwnProperty', shown: 'hasOwnProperty' },
      { name: 'an empty name', field: '', shown: '' },
      { name: 'a long name', field: LONG, shown: LONG },
      { name: 'a Unicode name', field: 'pässwordHash', shown: 'pässwordHash' },
      { name: 'a number', field: 0, shown: '0' },
      { name: 'undefined', field: undefined, shown: 'undefined' },
    ])('throws a TypeError naming $name', ({ field, shown }) => {
      expect(() => define({ hidden: ['passwordHash', field] })).toThrow(
        new TypeError(`defineResource("users"): hidden field "${shown}" is not in the schema`),
      );
    });

    it('throws a TypeError for hidden given as a string', () => {
      expect(() => define({ hidden: 'passwordHash' })).toThrow(
        new TypeError('defineResource("users"): hidden must be an array of field names'),
      );
    });

    it.each([
      { name: 'the default id field', config: { hidden: ['id'] }, message: 'the id field "id" cannot be hidden' },
      {
        name: 'the id field with clientIds',
        config: { hidden: ['id'], clientIds: true },
        message: 'the id field "id" cannot be hidden',
      },
      {
        name: 'a custom id field',
        config: { idField: 'passwordHash', hidden: ['passwordHash'] },
        message: 'the id field "passwordHash" cannot be hidden',
      },
    ])('throws a TypeError naming $name when it is hidden', ({ config, message }) => {
      expect(() => define(config)).toThrow(new TypeError(`defineResource("users"): ${message}`));
    });

    it.each([
      {
        name: 'filterable as a list',
        config: { hidden: ['passwordHash'], filterable: ['age', 'passwordHash'] },
        message: 'hidden field "passwordHash" cannot be filterable',
      },
      {
        name: 'filterable as an operator map',
        config: { hidden: ['passwordHash'], filterable: { age: ['eq'], passwordHash: ['eq'] } },
        message: 'hidden field "passwordHash" cannot be filterable',
      },
      {
        name: 'sortable',
        config: { hidden: ['ownerId'], sortable: ['age', 'ownerId'] },
        message: 'hidden field "ownerId" cannot be sortable',
      },
      {
        name: 'in the default order (only sortable fields may be)',
        config: { hidden: ['ownerId'], defaultOrder: [{ field: 'ownerId', direction: 'asc' }] },
        message: 'defaultOrder field "ownerId" is not sortable',
      },
    ])('throws a TypeError naming a hidden field that is also $name', ({ config, message }) => {
      expect(() => define(config)).toThrow(new TypeError(`defineResource("users"): ${message}`));
    });

    it('throws when code tries to change the exposed set after definition', () => {
      const users = defineResource({ ...base, hidden: ['passwordHash'] });
      expect(() => (users.hidden as Set<string>).delete('passwordHash')).toThrow(TypeError);
      expect(() => (users.hidden as Set<string>).add('age')).toThrow(TypeError);
      expect(sorted(users.hidden)).toStrictEqual(['passwordHash']);
    });
  });

  describe('unknownFields', () => {
    it.each(['reject', 'strip'] as const)('returns the policy %s', (policy) => {
      expect(defineResource({ ...base, unknownFields: policy }).unknownFields).toBe(policy);
    });

    it.each([
      { name: 'an unknown word', value: 'ignore' },
      { name: 'a different case', value: 'Strip' },
      { name: 'an empty string', value: '' },
      { name: 'null', value: null },
      { name: 'a boolean', value: true },
    ])('throws a TypeError for $name', ({ value }) => {
      expect(() => define({ unknownFields: value })).toThrow(
        new TypeError(`defineResource("users"): unknownFields must be 'reject' or 'strip'`),
      );
    });
  });

  it('returns a frozen resource whose policy cannot be reassigned', () => {
    const users = defineResource({ ...base, readOnly: ['createdAt'], hidden: ['passwordHash'] });
    expect(Object.isFrozen(users)).toBe(true);
    expect(() => {
      (users as { clientIds: boolean }).clientIds = true;
    }).toThrow(TypeError);
    expect(users.clientIds).toBe(false);
  });
});
