import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type OrderTerm, type Resource } from '../../src/index';
import { decodeCursor, encodeCursor } from '../../src/pagination/cursor';

const events = defineResource({
  name: 'events',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    seats: z.number().nullable(),
    open: z.boolean(),
    kind: z.enum(['talk', 'workshop']),
    at: z.date(),
  }),
  sortable: ['title', 'seats', 'open', 'kind', 'at'],
}) as unknown as Resource;

const ORDER: readonly OrderTerm[] = [
  { field: 'title', direction: 'asc' },
  { field: 'seats', direction: 'desc' },
  { field: 'open', direction: 'asc' },
  { field: 'kind', direction: 'asc' },
  { field: 'at', direction: 'asc' },
  { field: 'id', direction: 'asc' },
];
const FINGERPRINT = 'filter-and-order';
const VALUES = ['Ünïcödé 😀 \uFF5E', null, true, 'talk', new Date('2024-01-02T03:04:05.678Z'), 'id-1'];

describe('encodeCursor', () => {
  it('returns an opaque base64url string', () => {
    expect(encodeCursor(VALUES, FINGERPRINT)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('returns the values back from decodeCursor, Dates and null included', () => {
    const decoded = decodeCursor(encodeCursor(VALUES, FINGERPRINT), ORDER, events, FINGERPRINT);
    expect(decoded).toStrictEqual({ ok: true, values: VALUES, scopeTag: null });
  });

  it('carries the scope tag it was issued under back to decodeCursor', () => {
    const decoded = decodeCursor(encodeCursor(VALUES, FINGERPRINT, 'tag1'), ORDER, events, FINGERPRINT);
    expect(decoded).toStrictEqual({ ok: true, values: VALUES, scopeTag: 'tag1' });
  });

  it('rejects a scoped cursor issued for another filter or order', () => {
    const decoded = decodeCursor(encodeCursor(VALUES, FINGERPRINT, 'tag1'), ORDER, events, 'another');
    expect(decoded).toStrictEqual({ ok: false, reason: 'cursor was issued for another filter or order' });
  });

  it('encodes undefined as null', () => {
    const decoded = decodeCursor(
      encodeCursor(['t', undefined, false, 'talk', new Date(0), 'x'], FINGERPRINT),
      ORDER,
      events,
      FINGERPRINT,
    );
    expect(decoded.ok && decoded.values[1]).toBeNull();
  });
});

describe('decodeCursor', () => {
  const valid = encodeCursor(VALUES, FINGERPRINT);
  const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

  it('rejects a cursor issued for another filter or order', () => {
    expect(decodeCursor(valid, ORDER, events, 'another')).toStrictEqual({
      ok: false,
      reason: 'cursor was issued for another filter or order',
    });
  });

  it.each([
    { name: 'an empty string', cursor: '' },
    { name: 'characters outside base64url', cursor: 'ab+/' },
    { name: 'padding', cursor: `${valid}=` },
    { name: 'a CR/LF', cursor: 'ab\r\ncd' },
    { name: 'a cursor above 4096 characters', cursor: 'A'.repeat(4097) },
    { name: 'base64url of non-JSON', cursor: b64('not json') },
    { name: 'base64url of invalid UTF-8', cursor: Buffer.from([0xff, 0xfe]).toString('base64url') },
    { name: 'a JSON object', cursor: b64('{"__proto__":{"x":1}}') },
    { name: 'too few values', cursor: encodeCursor(VALUES.slice(0, 3), FINGERPRINT) },
    { name: 'too many values', cursor: encodeCursor([...VALUES, 'extra'], FINGERPRINT) },
    {
      name: 'a number for a string field',
      cursor: encodeCursor([1, null, true, 'talk', new Date(0), 'x'], FINGERPRINT),
    },
    {
      name: 'null for a non-nullable field',
      cursor: encodeCursor([null, null, true, 'talk', new Date(0), 'x'], FINGERPRINT),
    },
    {
      name: 'a string for a boolean field',
      cursor: encodeCursor(['t', null, 'true', 'talk', new Date(0), 'x'], FINGERPRINT),
    },
    { name: 'a bad date', cursor: encodeCursor(['t', null, true, 'talk', 'not a date', 'x'], FINGERPRINT) },
    { name: 'a number for a date field', cursor: encodeCursor(['t', null, true, 'talk', 0, 'x'], FINGERPRINT) },
    {
      name: 'an object for a number field',
      cursor: encodeCursor(['t', { n: 1 }, true, 'talk', new Date(0), 'x'], FINGERPRINT),
    },
  ])('returns not ok for $name, without throwing', ({ cursor }) => {
    const decoded = decodeCursor(cursor, ORDER, events, FINGERPRINT);
    expect(decoded.ok).toBe(false);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('returns frozen values', () => {
    const decoded = decodeCursor(valid, ORDER, events, FINGERPRINT);
    expect(decoded.ok && Object.isFrozen(decoded.values)).toBe(true);
  });
});
