/**
 * The kinds of field a filter or sort can address, derived from the resource's zod schema: `'date'` for a `Date`
 * field (`z.date()`), `'isoDate'` for a calendar date held as a `'YYYY-MM-DD'` string (`z.iso.date()`).
 */
export type FieldKind = 'string' | 'number' | 'date' | 'isoDate' | 'boolean' | 'enum';

/** Every filter operator name of the query grammar. */
export type OperatorName =
  | 'eq'
  | 'ne'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'between'
  | 'in'
  | 'notin'
  | 'isnull'
  | 'notnull'
  | 'cont'
  | 'excl'
  | 'starts'
  | 'ends'
  | 'eql'
  | 'nel'
  | 'contl'
  | 'excll'
  | 'startsl'
  | 'endsl'
  | 'inl'
  | 'notinl';

/** How many values an operator takes: none, exactly one, exactly two, or a list. */
export type OperatorArity = 'none' | 'one' | 'two' | 'many';

/** One row of the {@link OPERATORS} table. */
export interface OperatorSpec {
  readonly name: OperatorName;
  readonly arity: OperatorArity;
  /** Field kinds the operator fits; `isnull`/`notnull` also need a nullable or optional field. */
  readonly kinds: readonly FieldKind[];
  /** True for the `l`-suffixed twins, which compare after `toLowerCase()`. */
  readonly caseInsensitive: boolean;
  /** True for the operators that match when a condition does not hold (`ne`, `notin`, `excl`, ...); they never match null. */
  readonly negated: boolean;
}

const ALL: readonly FieldKind[] = ['string', 'number', 'date', 'isoDate', 'boolean', 'enum'];
const EQUALITY: readonly FieldKind[] = ALL;
const RANGE: readonly FieldKind[] = ['number', 'date', 'isoDate'];
const TEXT: readonly FieldKind[] = ['string'];

const row = (
  name: OperatorName,
  arity: OperatorArity,
  kinds: readonly FieldKind[],
  caseInsensitive = false,
  negated = false,
): OperatorSpec => Object.freeze({ name, arity, kinds: Object.freeze([...kinds]), caseInsensitive, negated });

/**
 * The operator table: name, arity, the field kinds it fits, and its semantics flags. Its keys are the grammar's
 * operator names, in table order (`Object.keys(OPERATORS)`); whether a text is one is `Object.hasOwn(OPERATORS, text)`
 * (own keys only, so `__proto__` is not).
 */
export const OPERATORS: Readonly<Record<OperatorName, OperatorSpec>> = Object.freeze({
  eq: row('eq', 'one', EQUALITY),
  ne: row('ne', 'one', EQUALITY, false, true),
  gt: row('gt', 'one', RANGE),
  gte: row('gte', 'one', RANGE),
  lt: row('lt', 'one', RANGE),
  lte: row('lte', 'one', RANGE),
  between: row('between', 'two', RANGE),
  in: row('in', 'many', EQUALITY),
  notin: row('notin', 'many', EQUALITY, false, true),
  isnull: row('isnull', 'none', ALL),
  notnull: row('notnull', 'none', ALL),
  cont: row('cont', 'one', TEXT),
  excl: row('excl', 'one', TEXT, false, true),
  starts: row('starts', 'one', TEXT),
  ends: row('ends', 'one', TEXT),
  eql: row('eql', 'one', TEXT, true),
  nel: row('nel', 'one', TEXT, true, true),
  contl: row('contl', 'one', TEXT, true),
  excll: row('excll', 'one', TEXT, true, true),
  startsl: row('startsl', 'one', TEXT, true),
  endsl: row('endsl', 'one', TEXT, true),
  inl: row('inl', 'many', TEXT, true),
  notinl: row('notinl', 'many', TEXT, true, true),
});

/** Whether operator `op` fits a field of `kind` (and nullability, for `isnull`/`notnull`). */
export function operatorFits(op: OperatorName, kind: FieldKind, nullable: boolean): boolean {
  const spec = OPERATORS[op];
  if (spec.arity === 'none') return nullable;
  return spec.kinds.includes(kind);
}
