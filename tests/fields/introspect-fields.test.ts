import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { introspectFields } from '../../src/kit/index';
import { isCalendarDateText } from '../../src/fields/index';

describe('introspectFields', () => {
  it.each([
    { name: 'z.iso.date()', schema: z.iso.date(), kind: 'isoDate', nullable: false },
    { name: 'an optional z.iso.date()', schema: z.iso.date().optional(), kind: 'isoDate', nullable: true },
    {
      name: 'a nullable z.iso.date() with a default',
      schema: z.iso.date().nullable().default(null),
      kind: 'isoDate',
      nullable: true,
    },
    { name: 'z.iso.datetime()', schema: z.iso.datetime(), kind: 'string', nullable: false },
    { name: 'z.iso.time()', schema: z.iso.time(), kind: 'string', nullable: false },
    { name: 'z.date()', schema: z.date(), kind: 'date', nullable: false },
    { name: 'z.coerce.date()', schema: z.coerce.date(), kind: 'date', nullable: false },
    { name: 'a pipe into a Date', schema: z.iso.datetime().pipe(z.coerce.date()), kind: 'date', nullable: false },
    {
      name: 'a union piped into a Date',
      schema: z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date()),
      kind: 'date',
      nullable: false,
    },
    {
      name: 'a pipe into an optional Date',
      schema: z.unknown().pipe(z.coerce.date().optional()),
      kind: 'date',
      nullable: false,
    },
    { name: 'a transform', schema: z.string().transform((text) => text.length), kind: 'other', nullable: false },
    { name: 'a union', schema: z.union([z.date(), z.string()]), kind: 'other', nullable: false },
    { name: 'an integer', schema: z.number().int(), kind: 'number', nullable: false },
  ])('reads $name as $kind', ({ schema, kind, nullable }) => {
    expect(introspectFields({ field: schema }).get('field')).toMatchObject({ kind, nullable });
  });
});

describe('isCalendarDateText', () => {
  it.each([
    { text: '2024-02-29', expected: true },
    { text: '0001-01-01', expected: true },
    { text: '9999-12-31', expected: true },
    { text: '0000-01-01', expected: false },
    { text: '2023-02-29', expected: false },
    { text: '2024-04-31', expected: false },
    { text: '2024-00-10', expected: false },
    { text: '2024-01-00', expected: false },
    { text: '10000-01-01', expected: false },
    { text: '2024-01-01T00:00:00Z', expected: false },
    { text: ' 2024-01-01', expected: false },
    { text: '2024-01-01\n', expected: false },
    { text: '２０２４-01-01', expected: false },
    { text: '', expected: false },
    { text: '__proto__', expected: false },
  ])('returns $expected for $text', ({ text, expected }) => {
    expect(isCalendarDateText(text)).toBe(expected);
  });
});
