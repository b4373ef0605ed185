/** parseListQuery and parseCursorQuery on arbitrary input: a frozen query or a 400, and Object.prototype untouched. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATORS, isHttpError, parseCursorQuery, parseListQuery, type OrderTerm } from 'pagelope';
import { FILTERABLE, prototypeSnapshot, users } from '../../fixtures';

const MAX_LIMIT = users.pagination.maxLimit;

/** Asserts the only two outcomes parsing may have: a frozen, well-formed query, or a 400 `HttpError`. */
function expectQueryOr400(
  run: () => { readonly limit: number; readonly orderBy: readonly OrderTerm[]; readonly where: unknown },
): void {
  let result: ReturnType<typeof run> | undefined;
  try {
    result = run();
  } catch (error) {
    expect(isHttpError(error), String(error)).toBe(true);
    const httpError = error as { statusCode: number; error: string; message: unknown };
    expect(httpError.statusCode).toBe(400);
    expect(httpError.error).toBe('Bad Request');
    expect(Array.isArray(httpError.message)).toBe(true);
    const messages = httpError.message as unknown[];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(typeof message === 'string' && message.length > 0).toBe(true);
    return;
  }
  expect(Object.isFrozen(result)).toBe(true);
  expect(Object.isFrozen(result.where)).toBe(true);
  expect(Object.isFrozen(result.orderBy)).toBe(true);
  expect(Number.isInteger(result.limit) && result.limit >= 1 && result.limit <= MAX_LIMIT).toBe(true);
  expect(result.orderBy.some((term) => term.field === 'id')).toBe(true);
  if ('page' in result) expect(Number.isInteger(result.page) && (result.page as number) >= 1).toBe(true);
}

function expectOnlyQueryOr400(input: unknown): void {
  const before = prototypeSnapshot();
  expectQueryOr400(() => parseListQuery(input, users));
  expectQueryOr400(() => parseCursorQuery(input, users));
  expect(prototypeSnapshot()).toStrictEqual(before);
  expect(({} as Record<string, unknown>)['eq']).toBeUndefined();
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitrary input
// ---------------------------------------------------------------------------------------------------------------

const NAMES = [
  ...FILTERABLE,
  'secret',
  'tags',
  'nope',
  'id',
  'limit',
  'page',
  'orderBy',
  'orderDirection',
  'cursor',
  'where',
];
const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', ''];
const SUBS = [...Object.keys(OPERATORS), 'operator', 'value', 'values', ...HOSTILE, 'GT', 'like'];

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const name = fc.oneof(fc.constantFrom(...NAMES, ...HOSTILE), text);
const sub = fc.oneof(fc.constantFrom(...SUBS), text);
const key = fc.oneof(
  name,
  fc.tuple(name, sub).map(([n, s]) => `${n}[${s}]`),
  fc.tuple(name, sub, sub).map(([n, a, b]) => `${n}[${a}][${b}]`),
);
const value = fc.oneof(
  fc.constantFrom(
    '',
    'true',
    'false',
    '1',
    '0',
    '-1',
    '1.5',
    '1e3',
    '0x1',
    ' 5',
    '2024-01-01',
    '2024-02-30',
    'ASC',
    'desc',
    'admin',
    'age',
    'id',
    ...HOSTILE,
  ),
  fc.constantFrom('age,role', 'ASC,DESC', 'username,id', '%', '%ZZ', '%E0%A4%A', '%5B', '&', '=', '+', '\u0000'),
  text,
);
const pairs = fc.array(fc.tuple(key, value), { maxLength: 12 });

describe('parseListQuery and parseCursorQuery, on arbitrary input', () => {
  it('return a frozen query or throw a 400 for any query string, and never touch Object.prototype', () => {
    const rawString = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      pairs.map((list) => list.map(([k, v]) => `${k}=${v}`).join('&')),
      pairs.map((list) => `?${list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`),
      pairs.map((list) => list.map(([k]) => k).join('&')),
    );
    fc.assert(
      fc.property(rawString, (input) => {
        expectOnlyQueryOr400(input);
      }),
      { numRuns: 1000 },
    );
  });

  it('return a frozen query or throw a 400 for any URLSearchParams', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        expectOnlyQueryOr400(new URLSearchParams(list));
      }),
      { numRuns: 500 },
    );
  });

  it('return a frozen query or throw a 400 for any parsed object, own __proto__ keys included', () => {
    const leaf = fc.oneof(value, fc.array(value, { maxLength: 4 }));
    const nested = fc.dictionary(sub, fc.oneof(leaf, fc.anything({ maxDepth: 1 })), { maxKeys: 4 });
    const object = fc.dictionary(key, fc.oneof(leaf, leaf, nested, fc.anything({ maxDepth: 2 })), { maxKeys: 8 });
    fc.assert(
      fc.property(fc.oneof(object, fc.anything()), (input) => {
        expectOnlyQueryOr400(input);
      }),
      { numRuns: 1000 },
    );
  });
});
