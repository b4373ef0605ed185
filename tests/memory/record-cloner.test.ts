import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createMemoryRepository, defineResource, type Resource } from '../../src/index';
import { cloneRecord } from '../../src/memory/clone-record';
import { recordClonerOf } from '../../src/memory/record-cloner';

const resourceOf = (schema: z.ZodObject) => defineResource({ name: 'things', schema }) as unknown as Resource;

describe('recordClonerOf', () => {
  it('spreads records whose fields are all scalars, under a schema that strips or refuses unknown keys', () => {
    const scalars = { id: z.string(), n: z.number(), ok: z.boolean(), kind: z.enum(['a', 'b']), day: z.iso.date() };
    for (const schema of [z.object(scalars), z.strictObject(scalars)]) {
      const clone = recordClonerOf(resourceOf(schema));
      expect(clone).not.toBe(cloneRecord);
      const record = { id: 'x', n: 1, ok: true, kind: 'a', day: '2026-01-02' };
      const copy = clone(record);
      expect(copy).toStrictEqual(record);
      expect(copy).not.toBe(record);
    }
  });

  it('deep-copies when a field may hold an object, or the schema keeps unknown keys', () => {
    const cases = [
      z.object({ id: z.string(), at: z.date(), tags: z.array(z.string()) }),
      z.object({ id: z.string(), tags: z.array(z.string()) }),
      z.object({ id: z.string(), meta: z.object({ a: z.number() }) }),
      z.object({ id: z.string(), mixed: z.union([z.string(), z.object({})]) }),
      z.looseObject({ id: z.string() }),
      z.object({ id: z.string() }).catchall(z.unknown()),
    ];
    for (const schema of cases) expect(recordClonerOf(resourceOf(schema))).toBe(cloneRecord);
  });

  it('copies the Dates of the date fields when those are the only fields that may hold an object', () => {
    const timestamp = z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());
    for (const schema of [
      z.object({ id: z.string(), at: z.date(), until: timestamp.nullable(), n: z.number() }),
      z.strictObject({ id: z.string(), at: z.date(), until: timestamp.nullable(), n: z.number() }),
    ]) {
      const clone = recordClonerOf(resourceOf(schema));
      expect(clone).not.toBe(cloneRecord);
      const record = { id: 'x', at: new Date(1), until: null, n: 2 };
      const copy = clone(record);
      expect(copy).toStrictEqual(record);
      expect(copy.at).not.toBe(record.at);
      expect(clone({ id: 'y', at: new Date(3) })).toStrictEqual({ id: 'y', at: new Date(3) });
    }
  });

  it('a date field: a Date changed on a read record never reaches the store', async () => {
    const things = defineResource({ name: 'things', schema: z.object({ id: z.string(), at: z.date() }) });
    const repository = createMemoryRepository(things, { records: [{ id: 'a', at: new Date(5) }] });
    const [read] = (await repository.list()).items;
    if (read === undefined) throw new Error('no record');
    read.at.setTime(6);
    expect((await repository.get('a'))?.at.getTime()).toBe(5);
  });

  it('an own __proto__ key stays a data property of the spread copy, never its prototype', () => {
    const clone = recordClonerOf(resourceOf(z.object({ id: z.string() })));
    const record = JSON.parse('{"id":"x","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const copy = clone(record);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
  });

  it('a loose schema: a nested unknown value changed on a read record never reaches the store', async () => {
    const things = defineResource({ name: 'things', schema: z.looseObject({ id: z.string(), name: z.string() }) });
    const repository = createMemoryRepository(things, { records: [{ id: 'a', name: 'x', meta: { n: 1 } }] });
    const [read] = (await repository.list()).items as unknown as { meta: { n: number } }[];
    if (read === undefined) throw new Error('no record');
    read.meta.n = 2;
    expect(((await repository.get('a')) as unknown as { meta: { n: number } }).meta.n).toBe(1);
  });
});
