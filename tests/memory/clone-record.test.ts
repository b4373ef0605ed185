import { describe, expect, it } from 'vitest';
import { cloneRecord } from '../../src/memory/clone-record';

describe('cloneRecord', () => {
  it('returns an equal record that is a different object', () => {
    const record = { id: 'a', n: 1, ok: true, none: null, missing: undefined, text: 'é😀' };
    const copy = cloneRecord(record);
    expect(copy).toStrictEqual(record);
    expect(copy).not.toBe(record);
  });

  it('copies Dates, so changing the copy never changes the original', () => {
    const record = { at: new Date('2020-01-01T00:00:00.000Z') };
    const copy = cloneRecord(record);
    expect(copy.at).toBeInstanceOf(Date);
    expect(copy.at).not.toBe(record.at);
    copy.at.setTime(0);
    expect(record.at.toISOString()).toBe('2020-01-01T00:00:00.000Z');
  });

  it('copies invalid Dates as invalid Dates', () => {
    const copy = cloneRecord({ at: new Date(Number.NaN) });
    expect(copy.at).toBeInstanceOf(Date);
    expect(Number.isNaN(copy.at.getTime())).toBe(true);
  });

  it('copies nested objects, arrays and Dates deeply', () => {
    const record = { tags: ['a', 'b'], meta: { when: new Date(5), list: [{ x: 1 }] } };
    const copy = cloneRecord(record);
    expect(copy).toStrictEqual(record);
    copy.tags.push('c');
    copy.meta.when.setTime(9);
    (copy.meta.list[0] as { x: number }).x = 2;
    expect(record).toStrictEqual({ tags: ['a', 'b'], meta: { when: new Date(5), list: [{ x: 1 }] } });
  });

  it('changing the original never changes the copy', () => {
    const record = { name: 'a', at: new Date(1) };
    const copy = cloneRecord(record);
    record.name = 'b';
    record.at.setTime(2);
    expect(copy).toStrictEqual({ name: 'a', at: new Date(1) });
  });

  it('returns a plain object whose prototype is Object.prototype', () => {
    expect(Object.getPrototypeOf(cloneRecord({ a: 1 }))).toBe(Object.prototype);
  });

  it('keeps an own __proto__ key as an own property, never as the prototype', () => {
    const record = JSON.parse('{"id":"a","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const copy = cloneRecord(record);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.keys(copy)).toStrictEqual(['id', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toStrictEqual({ polluted: true });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('copies own enumerable keys only', () => {
    const record = Object.create(
      { inherited: 1 },
      { own: { value: 2, enumerable: true }, hidden: { value: 3 } },
    ) as object;
    expect(cloneRecord(record)).toStrictEqual({ own: 2 });
  });

  it('copies the value under an own __proto__ key deeply', () => {
    const record = JSON.parse('{"id":"a","__proto__":{"list":[1]}}') as Record<string, unknown>;
    const copy = cloneRecord(record);
    const inner = Object.getOwnPropertyDescriptor(copy, '__proto__')?.value as { list: number[] };
    inner.list.push(2);
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toStrictEqual({ list: [1] });
  });

  it('copies a getter as a plain data property holding the value read', () => {
    let reads = 0;
    const record = Object.defineProperty({ id: 'a' }, 'at', {
      enumerable: true,
      get: () => {
        reads++;
        return new Date(7);
      },
    }) as { id: string; at: Date };
    const copy = cloneRecord(record);
    expect(reads).toBe(1);
    expect(Object.getOwnPropertyDescriptor(copy, 'at')).toMatchObject({ value: new Date(7), writable: true });
  });
});
