import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQueryString } from 'pagelope/client';
import { QUERY_LIMITS, parseCursorQuery, parseListQuery, type Resource } from '../../src/index';
import { encodeCursor } from '../../src/pagination/cursor';
import { normalizeInput } from '../../src/query/model/normalize-input';
import { fingerprintOf } from '../../src/query/model/normalized-query';
import { OPERATORS, operatorFits, type OperatorName } from '../../src/fields/operators';
import { toWhere } from '../../src/query/model/to-where';
import { FIELDS, KINDS, SAMPLE, SORTABLE, items } from './fixtures';

/** Every operator name, in table order (the keys of the operator table). */
const operatorNames = Object.keys(OPERATORS) as OperatorName[];

/** The internal normalizer takes the untyped resource. */
const resource = items as unknown as Resource;

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: 400 }); // the seed is tests/setup.ts's

/** Characters the query grammar or URLs treat specially, and a few that need multi-byte UTF-8. */
const SPECIAL = [
  '&',
  '=',
  '?',
  '#',
  '[',
  ']',
  '%',
  '+',
  ',',
  ' ',
  '/',
  ';',
  ':',
  '@',
  '$',
  '%2B',
  '%%',
  'é',
  '😀',
  '\u200d',
];
const text = fc
  .oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.string({ unit: fc.constantFrom(...SPECIAL, 'a', 'Z', '0'), maxLength: 10 }),
  )
  .filter((value) => !value.includes('\u0000'));

/** Dates of the years 0001-9999, what the grammar (and a date column) takes. */
const date = fc.date({
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});
const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 0, 1e21, 1.5e-7, Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_SAFE_INTEGER),
);

/** A value of one field kind, in every programmatic form it takes (dates also as ISO strings). */
function valueOf(kind: string): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'number':
      return number;
    case 'date':
      return fc.oneof(
        date,
        date.map((d) => d.toISOString()),
        date.map((d) => d.toISOString().slice(0, 10)),
      );
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...KINDS);
    default:
      return text;
  }
}

function operandOf(op: OperatorName, value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  switch (OPERATORS[op].arity) {
    case 'none':
      return fc.constant(true);
    case 'one':
      return value;
    case 'two':
      return fc.tuple(value, value);
    default:
      return fc.array(value, { minLength: 1, maxLength: 3 });
  }
}

/** One field's condition: a plain value (eq), `null` (isnull, when nullable), or 1-3 operators with operands. */
function conditionOf(field: string): fc.Arbitrary<unknown> {
  const { kind, nullable } = FIELDS[field]!;
  const value = valueOf(kind);
  const ops = operatorNames.filter((op) => operatorFits(op, kind, nullable));
  const operators = fc.uniqueArray(fc.constantFrom(...ops), { minLength: 1, maxLength: 3 }).chain((names) =>
    fc.tuple(...names.map((op) => operandOf(op, value))).map((operands) => {
      const condition: Record<string, unknown> = {};
      names.forEach((op, i) => (condition[op] = operands[i]));
      return condition;
    }),
  );
  const forms: fc.Arbitrary<unknown>[] = [value.filter((v) => !Array.isArray(v)), operators];
  if (nullable) forms.push(fc.constant(null));
  return fc.oneof(...forms);
}

/** One AND-clause of 0 to `maxFields` fields (an OR clause has at least one: the grammar has no empty group). */
const clause = (minFields: number, maxFields: number) =>
  fc
    .uniqueArray(fc.constantFrom(...Object.keys(FIELDS)), { minLength: minFields, maxLength: maxFields })
    .chain((fields) =>
      fc.tuple(...fields.map(conditionOf)).map((conditions) => {
        const result: Record<string, unknown> = {};
        fields.forEach((field, i) => (result[field] = conditions[i]));
        return result;
      }),
    );

/** One clause, or an OR array of 1 to 3 clauses (OR groups `or[n]` in the query string). */
const where = fc.oneof(clause(0, 4), fc.array(clause(1, 2), { minLength: 1, maxLength: 3 }));
/** A search of 1 to 200 characters (the bounds both paths check), reserved characters and Unicode included. */
const search = text.filter((value) => value.length >= 1 && value.length <= 200);
const select = fc.uniqueArray(fc.constantFrom('id', ...Object.keys(FIELDS)), { minLength: 1, maxLength: 4 });

const orderBy = fc.uniqueArray(
  fc.record({ field: fc.constantFrom(...SORTABLE), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  { minLength: 1, maxLength: 4, selector: (term) => term.field },
);

/** A page query: each key present or not; limits above the maximum (50) are clamped on both paths. */
const listInput = fc.record(
  {
    where,
    search,
    select,
    orderBy,
    limit: fc.integer({ min: 1, max: 200 }),
    page: fc.integer({ min: 1, max: 10_000 }),
  },
  { requiredKeys: [] },
);
const cursorInput = fc.record(
  { where, search, select, orderBy, limit: fc.integer({ min: 1, max: 200 }) },
  { requiredKeys: [] },
);

/** The query a programmatic input gives, in the public form `parseListQuery` returns. */
function programmatic(input: object, mode: 'page' | 'cursor') {
  const normalized = normalizeInput(input, resource, mode);
  return { normalized, where: toWhere(normalized.groups), orderBy: normalized.order };
}

/** The search and selection of a normalized query (the parsed one's, recalled through normalizeInput). */
function searchAndSelect(query: object, mode: 'page' | 'cursor') {
  const normalized = normalizeInput(query, resource, mode);
  return { search: normalized.search ?? null, select: normalized.select ?? null };
}

describe('toQueryString', () => {
  it('returns text that parseListQuery reads as the programmatic path reads the input', () => {
    fc.assert(
      fc.property(listInput, (input) => {
        const query = toQueryString(input);
        fc.pre(query.length <= QUERY_LIMITS.maxQueryLength);
        const expected = programmatic(input, 'page');
        const parsed = parseListQuery(query, items);
        expect({ page: parsed.page, limit: parsed.limit, where: parsed.where, orderBy: parsed.orderBy }).toEqual({
          page: expected.normalized.page,
          limit: expected.normalized.limit,
          where: expected.where,
          orderBy: expected.orderBy,
        });
        expect(searchAndSelect(parsed, 'page')).toEqual(searchAndSelect(input, 'page'));
      }),
    );
  });

  it('returns text that parseCursorQuery reads as the programmatic path reads the input, cursor included', () => {
    fc.assert(
      fc.property(cursorInput, fc.boolean(), (input, withCursor) => {
        // A cursor issued for this filter and order, at the sample record's sort-key values.
        const start = programmatic(input, 'cursor').normalized;
        const values = start.order.map((term) => SAMPLE[term.field as keyof typeof SAMPLE]);
        const fingerprint = fingerprintOf(start.groups, start.order, start.search?.needle);
        const cursor = withCursor ? encodeCursor(values, fingerprint) : null;
        const full = { ...input, cursor };
        const query = toQueryString(full);
        fc.pre(query.length <= QUERY_LIMITS.maxQueryLength);
        const expected = programmatic(full, 'cursor');
        const parsed = parseCursorQuery(query, items);
        expect({ cursor: parsed.cursor, limit: parsed.limit, where: parsed.where, orderBy: parsed.orderBy }).toEqual({
          cursor,
          limit: expected.normalized.limit,
          where: expected.where,
          orderBy: expected.orderBy,
        });
        expect(searchAndSelect(parsed, 'cursor')).toEqual(searchAndSelect(full, 'cursor'));
        // The decoded position is the same too: the parsed query is recalled with its normalized form.
        expect(normalizeInput(parsed, resource, 'cursor').after).toEqual(expected.normalized.after);
        if (withCursor) expect(expected.normalized.after).toEqual(values);
      }),
    );
  });

  it('returns a query the parser reads for inputs using every operator on every field it fits', () => {
    // Not left to chance: one input per (field, operator) pair, each checked as above.
    for (const [field, { kind, nullable }] of Object.entries(FIELDS)) {
      for (const op of operatorNames.filter((name) => operatorFits(name, kind, nullable))) {
        const sample = fc.sample(operandOf(op, valueOf(kind)), { numRuns: 3 });
        for (const operand of sample) {
          const input = { where: { [field]: { [op]: operand } } };
          expect(parseListQuery(toQueryString(input), items).where, `${field}[${op}]`).toEqual(
            programmatic(input, 'page').where,
          );
        }
      }
    }
  });
});
