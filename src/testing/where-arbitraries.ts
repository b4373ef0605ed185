/**
 * The filter generators of the properties: a condition of one or two operators (or a shorthand value, or null) per
 * field kind, clauses of up to two fields, ORs of clauses, and filters in the shape of the HTTP OR groups.
 */
import fc from 'fast-check';
import type { Where } from 'pagelope';
import { ageValue, dateValue, idText, scoreValue, statusValue, text } from './arbitraries';
import { FIELDS, type Item } from './fixtures';

type Op = readonly [string, fc.Arbitrary<unknown>];
const one = (ops: readonly string[], value: fc.Arbitrary<unknown>): Op[] => ops.map((op) => [op, value] as const);
const list = (ops: readonly string[], value: fc.Arbitrary<unknown>): Op[] =>
  ops.map((op) => [op, fc.array(value, { minLength: 1, maxLength: 3 })] as const);
const none = (ops: readonly string[]): Op[] => ops.map((op) => [op, fc.constant(true)] as const);
const pair = (value: fc.Arbitrary<unknown>): Op => ['between', fc.tuple(value, value)];

const TEXT_OPS = ['eq', 'ne', 'cont', 'excl', 'starts', 'ends', 'eql', 'nel', 'contl', 'excll', 'startsl', 'endsl'];
const OPS_BY_FIELD: Readonly<
  Record<string, { readonly ops: readonly Op[]; readonly value: fc.Arbitrary<unknown>; readonly nullable: boolean }>
> = {
  id: {
    ops: [...one(TEXT_OPS, idText), ...list(['in', 'notin', 'inl', 'notinl'], idText)],
    value: idText,
    nullable: false,
  },
  name: {
    ops: [...one(TEXT_OPS, text), ...list(['in', 'notin', 'inl', 'notinl'], text)],
    value: text,
    nullable: false,
  },
  nick: {
    ops: [...one(TEXT_OPS, text), ...list(['in', 'notin', 'inl', 'notinl'], text), ...none(['isnull', 'notnull'])],
    value: text,
    nullable: true,
  },
  age: {
    ops: [
      ...one(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], ageValue),
      pair(ageValue),
      ...list(['in', 'notin'], ageValue),
      ...none(['isnull', 'notnull']),
    ],
    value: ageValue,
    nullable: true,
  },
  score: {
    ops: [
      ...one(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], scoreValue),
      pair(scoreValue),
      ...list(['in', 'notin'], scoreValue),
      ...none(['isnull', 'notnull']),
    ],
    value: scoreValue,
    nullable: true,
  },
  active: {
    ops: [...one(['eq', 'ne'], fc.boolean()), ...list(['in', 'notin'], fc.boolean()), ...none(['isnull', 'notnull'])],
    value: fc.boolean(),
    nullable: true,
  },
  status: {
    ops: [...one(['eq', 'ne'], statusValue), ...list(['in', 'notin'], statusValue)],
    value: statusValue,
    nullable: false,
  },
  createdAt: {
    ops: [
      ...one(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'], dateValue),
      pair(dateValue),
      ...list(['in', 'notin'], dateValue),
      ...none(['isnull', 'notnull']),
    ],
    value: dateValue,
    nullable: true,
  },
};

function conditionArbitrary(field: string): fc.Arbitrary<unknown> {
  const spec = OPS_BY_FIELD[field];
  if (!spec) throw new Error(`no generator for ${field}`);
  const operators = fc
    .uniqueArray(fc.constantFrom(...spec.ops), { minLength: 1, maxLength: 2, selector: ([op]) => op })
    .chain((ops) => fc.tuple(...ops.map(([op, value]) => value.map((operand) => [op, operand] as const))))
    .map((entries) => Object.fromEntries(entries));
  const shorthand = [spec.value, ...(spec.nullable ? [fc.constant(null)] : [])];
  return fc.oneof({ arbitrary: operators, weight: 4 }, ...shorthand.map((arbitrary) => ({ arbitrary, weight: 1 })));
}

const clauseArbitrary = fc
  .uniqueArray(fc.constantFrom('id', ...FIELDS), { maxLength: 2 })
  .chain((fields) =>
    fc.tuple(...fields.map((field) => conditionArbitrary(field).map((condition) => [field, condition] as const))),
  )
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

/** A random where: absent, one clause, or an OR of up to three clauses. */
export const whereArbitrary: fc.Arbitrary<Where<Item> | undefined> = fc.oneof(
  fc.constant(undefined),
  clauseArbitrary,
  fc.array(clauseArbitrary, { minLength: 1, maxLength: 3 }),
) as fc.Arbitrary<Where<Item> | undefined>;

/** A clause of up to two conditions on the given fields. */
function clauseOver(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .uniqueArray(fc.constantFrom(...fields), { maxLength: 2 })
    .chain((chosen) =>
      fc.tuple(...chosen.map((field) => conditionArbitrary(field).map((condition) => [field, condition] as const))),
    )
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
}

/**
 * A random filter in the shape of the HTTP OR groups: top-level conditions (or none) ANDed with an OR of one to
 * three groups, the groups on other fields than the top level (the grammar refuses a group repeating a top-level
 * condition). `where` is its programmatic form: one clause per group, each with the top-level conditions added.
 */
export const orGroupsArbitrary: fc.Arbitrary<{
  readonly top: Record<string, unknown> | undefined;
  readonly groups: readonly Record<string, unknown>[];
  readonly where: Where<Item>;
}> = fc
  .shuffledSubarray(['id', ...FIELDS], { minLength: 2 })
  .chain(([topField, ...rest]) =>
    fc.record({
      top: fc.option(
        conditionArbitrary(topField as string).map((condition) => ({ [topField as string]: condition })),
        { nil: undefined },
      ),
      groups: fc.array(clauseOver(rest), { minLength: 1, maxLength: 3 }),
    }),
  )
  .map(({ top, groups }) => ({
    top,
    groups,
    where: (top ? groups.map((group) => ({ ...top, ...group })) : groups) as Where<Item>,
  }));
