/**
 * Fuzzing of `parseListQuery` beyond tests/query/parse-list-query.property.test.ts: deep nesting with prototype keys
 * at every depth, very long keys and values, 10,000 parameters, raw byte percent-escapes, repeated keys, arrays and
 * other types where scalars belong, and the objects real query parsers (qs, URLSearchParams) build from hostile text.
 */
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { OPERATORS, isHttpError, parseListQuery, type ListQuery } from 'pagelope';
import { prototypeSnapshot, users, type User } from '../fixtures';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 200 }); // the seed is tests/setup.ts's

const UNSAFE = ['__proto__', 'constructor', 'prototype'];
const MAX_LIMIT = users.pagination.maxLimit;

type Outcome =
  { readonly ok: true; readonly query: ListQuery<User> } | { readonly ok: false; readonly messages: string[] };

/** Parses `input` and asserts the only two outcomes allowed: a valid, deeply frozen query, or a 400 HttpError. */
function parseOr400(input: unknown): Outcome {
  const before = prototypeSnapshot();
  let outcome: Outcome;
  try {
    outcome = { ok: true, query: parseListQuery(input, users) };
  } catch (error) {
    expect(isHttpError(error), `not an HttpError: ${String(error)}`).toBe(true);
    const { statusCode, error: name, message } = error as { statusCode: number; error: string; message: unknown };
    expect([statusCode, name]).toEqual([400, 'Bad Request']);
    expect(Array.isArray(message)).toBe(true);
    const messages = message as unknown[];
    expect(messages.length).toBeGreaterThan(0);
    for (const item of messages) expect(typeof item === 'string' && item.length > 0).toBe(true);
    outcome = { ok: false, messages: messages as string[] };
  }
  expect(prototypeSnapshot()).toStrictEqual(before);
  for (const key of ['polluted', 'eq', 'value', 'x', 'admin']) {
    expect(({} as Record<string, unknown>)[key]).toBeUndefined();
  }
  if (outcome.ok) expectValidQuery(outcome.query);
  return outcome;
}

/** A valid ListQuery: frozen throughout, bounded, only filterable fields with allowed operators, ending with id. */
function expectValidQuery(query: ListQuery<User>): void {
  expect(Object.isFrozen(query)).toBe(true);
  expect(Object.keys(query).sort()).toEqual(['limit', 'orderBy', 'page', 'where']);
  expect(Number.isInteger(query.limit) && query.limit >= 1 && query.limit <= MAX_LIMIT).toBe(true);
  expect(Number.isSafeInteger(query.page) && query.page >= 1).toBe(true);
  expect(Object.isFrozen(query.orderBy)).toBe(true);
  expect(query.orderBy.at(-1)).toMatchObject({ field: 'id' });
  for (const term of query.orderBy) {
    expect(users.sortable.has(term.field)).toBe(true);
    expect(['asc', 'desc']).toContain(term.direction);
  }
  const where = query.where as Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  expect(Object.isFrozen(where)).toBe(true);
  for (const [field, conditions] of Object.entries(where)) {
    const allowed = users.filterable.get(field);
    expect(allowed, field).toBeDefined();
    expect(Object.isFrozen(conditions)).toBe(true);
    for (const op of Object.keys(conditions)) {
      expect(Object.hasOwn(OPERATORS, op) && allowed?.has(op as never)).toBe(true);
    }
  }
}

/** Builds an object whose own keys include `__proto__` (as JSON.parse and qs with allowPrototypes do). */
const withOwnKeys = (entries: readonly (readonly [string, unknown])[]): Record<string, unknown> => {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(target, key, { value, enumerable: true, writable: true });
  return target;
};

const key = fc.oneof(
  fc.constantFrom(...UNSAFE, 'username', 'age', 'limit', 'page', 'orderBy', 'secret', 'eq', 'in', 'operator', 'value'),
  fc.string({ maxLength: 8 }),
);

/** Objects nested up to six levels, with prototype keys at every depth, arrays and non-strings anywhere. */
const nested = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 6 }),
    fc.constantFrom(...UNSAFE, '1', 'asc', 'eq', ''),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map(withOwnKeys),
    fc.array(fc.tuple(key, tie('node')), { maxLength: 3 }).map((entries) => {
      const target = Object.create(null) as Record<string, unknown>;
      for (const [k, v] of entries) target[k] = v;
      return target;
    }),
    fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date(), fc.bigInt()),
  ),
})).node;

describe('parseListQuery, fuzzed', () => {
  it('returns a valid query or throws a 400 for objects nested six deep with prototype keys at every depth', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, nested), { maxLength: 6 }), (entries) => {
        parseOr400(withOwnKeys(entries));
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a valid query or throws a 400 for JSON-parsed objects whose own keys are __proto__, constructor, prototype', () => {
    const json = fc
      .tuple(fc.constantFrom(...UNSAFE), fc.constantFrom(...UNSAFE, 'eq', 'polluted'), fc.constantFrom('1', 'x', '[]'))
      .map(
        ([outer, inner, leaf]) =>
          `{"${outer}":{"${inner}":${leaf === '[]' ? '[]' : `"${leaf}"`}},"username":{"${outer}":"a"}}`,
      );
    fc.assert(
      fc.property(json, (text) => {
        const outcome = parseOr400(JSON.parse(text));
        expect(outcome.ok).toBe(false);
      }),
    );
  });

  it('returns a valid query or throws a 400 for what qs builds from hostile text, prototypes allowed', () => {
    const piece = fc.oneof(
      fc.constantFrom('[', ']', '[]', '[__proto__]', '[constructor]', '[prototype]', '=', '&', '%5B', '%5D', '.', '0'),
      fc.constantFrom('__proto__', 'constructor', 'username', 'age', 'eq', 'in', 'limit', 'orderBy', 'a'),
      fc.string({ maxLength: 4 }),
    );
    const text = fc.array(piece, { maxLength: 16 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.boolean(), (raw, allowDots) => {
        const parsed = qs.parse(raw, { allowPrototypes: true, depth: 8, allowDots, parameterLimit: 100_000 });
        parseOr400(parsed);
        parseOr400(raw);
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a valid query or throws a 400 for keys and values up to 20,000 characters (10,000 astral characters)', () => {
    const filler = fc
      .tuple(fc.constantFrom('a', '%', '[', ']', '%20', '\u{1F600}', '_'), fc.integer({ min: 1, max: 10_000 }))
      .map(([unit, count]) => unit.repeat(count));
    fc.assert(
      fc.property(filler, filler, fc.constantFrom('key', 'value', 'sub'), (big, other, where) => {
        const pair =
          where === 'key' ? [big, 'x'] : where === 'value' ? ['username[cont]', big] : [`username[${big}]`, other];
        parseOr400(new URLSearchParams([pair as [string, string]]));
        parseOr400({ [pair[0] ?? '']: pair[1] });
        parseOr400(`${encodeURIComponent(pair[0] ?? '')}=${encodeURIComponent(pair[1] ?? '')}`);
      }),
      { numRuns: 100 },
    );
  });

  it('throws a 400 for 10,000 parameters in every input form', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('username[in]', 'a', 'limit', '__proto__[x]', 'age[gte]'),
        fc.boolean(),
        (name, distinct) => {
          const keys = Array.from({ length: 10_000 }, (_, i) => (distinct ? `${name}${i}` : name));
          const pairs = keys.map((k, i) => [k, String(i)] as [string, string]);
          for (const input of [
            pairs.map(([k, v]) => `${k}=${v}`).join('&'),
            new URLSearchParams(pairs),
            ...(distinct ? [Object.fromEntries(pairs)] : []),
            { [name]: keys },
          ]) {
            expect(parseOr400(input).ok).toBe(false);
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it('throws a 400 naming malformed percent-encoding exactly when the escaped bytes are not UTF-8', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const isUtf8 = (bytes: Uint8Array) => {
      try {
        decoder.decode(bytes);
        return true;
      } catch {
        return false;
      }
    };
    const bytes = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 8 }),
      fc
        .constantFrom(
          [0xc0, 0xaf],
          [0xed, 0xa0, 0x80],
          [0xe2, 0x82],
          [0xf4, 0x90, 0x80, 0x80],
          [0xf0, 0x9f, 0x98, 0x80],
          [0xef, 0xbb, 0xbf],
          [0xff],
        )
        .map((list) => Uint8Array.from(list)),
    );
    fc.assert(
      fc.property(bytes, fc.constantFrom('key', 'value'), (raw, where) => {
        const escaped = [...raw].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
        const text = where === 'key' ? `username[${escaped}]=x` : `username[cont]=${escaped}`;
        const outcome = parseOr400(text);
        const malformed = !outcome.ok && outcome.messages.some((m) => m.startsWith('malformed percent-encoding'));
        expect(malformed).toBe(!isUtf8(raw));
      }),
      { numRuns: 1000 },
    );
  });

  it('throws a 400 saying "must not be repeated" for any repeated scalar or single-value operator', () => {
    const repeated = fc.constantFrom(
      'limit',
      'page',
      'orderBy',
      'orderDirection',
      'username[eq]',
      'username[operator]',
      'age[gt]',
    );
    const value = (name: string) =>
      name === 'orderBy'
        ? 'age'
        : name === 'orderDirection'
          ? 'ASC'
          : name.startsWith('username[operator]')
            ? 'eq'
            : '5';
    fc.assert(
      fc.property(repeated, fc.integer({ min: 2, max: 50 }), fc.integer({ min: 0, max: 3 }), (name, times, form) => {
        const pairs = Array.from({ length: times }, () => [name, value(name)] as [string, string]);
        if (name === 'orderDirection') pairs.push(['orderBy', 'age']);
        const inputs = [
          pairs.map(([k, v]) => `${k}=${v}`).join('&'),
          new URLSearchParams(pairs),
          { ...Object.fromEntries(pairs), [name]: pairs.filter(([k]) => k === name).map(([, v]) => v) },
          qs.parse(pairs.map(([k, v]) => `${k}=${v}`).join('&')),
        ];
        const outcome = parseOr400(inputs[form]);
        expect(outcome.ok).toBe(false);
        // qs turns more than 20 repeats into an indexed object, which is a 400 for another reason.
        if (!outcome.ok && form < 3)
          expect(outcome.messages.some((m) => m.includes('must not be repeated'))).toBe(true);
      }),
    );
  });

  it('throws a 400 for arrays, objects and non-strings where a scalar belongs', () => {
    const scalar = fc.constantFrom('limit', 'page', 'orderBy', 'orderDirection', 'cursor');
    const wrong = fc.oneof(
      fc.constant([]),
      fc.array(fc.constantFrom('1', 'age', 'ASC'), { minLength: 2, maxLength: 4 }),
      fc.array(fc.oneof(fc.integer(), fc.constant(null), fc.object()), { minLength: 1, maxLength: 3 }),
      fc.constant(Array.from({ length: 10_000 }, () => '1')),
      fc.constant(Object.assign([], { 5: '1' })),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { minKeys: 1, maxKeys: 3 }),
      fc.oneof(fc.integer(), fc.boolean(), fc.double(), fc.constant(null), fc.bigInt(), fc.date()),
    );
    fc.assert(
      fc.property(scalar, wrong, (name, value) => {
        const input = name === 'orderDirection' ? { orderBy: 'age', [name]: value } : { [name]: value };
        expect(parseOr400(input).ok).toBe(false);
      }),
    );
  });
});
