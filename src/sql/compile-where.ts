import {
  isRelationCondition,
  type Condition,
  type ConditionGroups,
  type NormalizedQuery,
  type RelationCondition,
} from 'pagelope/kit';
import { compileSearch, type SqlSearchSource } from './compile-search';
import type { SqlDialect } from './sql-dialect';

/** The values of a list operator as bound: one array parameter (a dialect with arrays), or one placeholder each. */
export type SqlList = { readonly array: string } | { readonly items: readonly string[] };

/**
 * What the filter compiler reads of the statement being written. Each method writes (and binds) anew at each call, so
 * the compiler calls them in the order their text appears (positional placeholders).
 */
export interface SqlWhereSource {
  readonly dialect: Pick<SqlDialect, 'textMatch' | 'never' | 'always'>;
  /** The field's column as it is (or the expression that reads it), for `IS NULL` tests. */
  column(field: string): string;
  /** The field's column as it compares for (in)equality and lists (an index on the column should serve it). */
  equal(field: string): string;
  /** The field's column as it compares and orders, for ranges (in code-point order on text). */
  ordered(field: string): string;
  /** The field's text as the text operators match it by code point. */
  text(field: string): string;
  /** The field's text folded as `toLowerCase()` folds it (absent: the statement cannot fold text). */
  readonly folded: ((field: string) => string) | undefined;
  /** Whether a text operator on `field` can match each of `needles` exactly in SQL. */
  matchesText(field: string, needles: readonly unknown[]): boolean;
  /** Binds a value of the field as its column takes it and returns its placeholder. */
  bind(field: string, value: unknown): string;
  /** Binds the values of a list operator: as the field's column takes them, or (no field) texts as they are. */
  bindList(field: string | undefined, values: readonly unknown[]): SqlList;
  /** Binds a text as it is and returns its placeholder. */
  add(value: string): string;
  /** A relation term as SQL (an `EXISTS` subquery), or `undefined` when the statement cannot say it. */
  relation(term: RelationCondition): string | undefined;
}

/** What the filter of a listing reads: the statement for its conditions, and for its search. */
export interface SqlFilterSource extends SqlWhereSource {
  readonly search: SqlSearchSource;
}

/** The operators that match a field's text with a needle (or, `inl` and `notinl`, a list of them). */
const TEXT_OPERATORS = new Set([
  ...['cont', 'excl', 'starts', 'ends'],
  ...['eql', 'nel', 'contl', 'excll', 'startsl', 'endsl', 'inl', 'notinl'],
]);

/**
 * `expression IN (...)` (`NOT IN` when `negated`) over a bound list: `= ANY(array)` / `<> ALL(array)` for an array
 * parameter; for no items what the test is on every row, as `IN ()` is not SQL: `1 = 0`, and negated
 * `expression IS NOT NULL` (a negated operator never matches NULL).
 */
export function inList(expression: string, list: SqlList, negated: boolean): string {
  if ('array' in list) return `${expression} ${negated ? '<> ALL' : '= ANY'}(${list.array})`;
  if (list.items.length === 0) return negated ? `${expression} IS NOT NULL` : '1 = 0';
  return `${expression} ${negated ? 'NOT IN' : 'IN'} (${list.items.join(', ')})`;
}

/**
 * An OR of AND-groups of validated conditions as one SQL boolean expression with bind parameters, or `undefined` when
 * a term cannot be said exactly as the memory repository evaluates it (a relation term the source cannot say, a text
 * operator the source cannot match or fold). Equality and lists compare the column as the source's `equal` gives it
 * (so its indexes serve them), ranges in code-point order, the text operators literally; negated operators never
 * match NULL (SQL's three-valued logic does that: `NULL <> x` is not true). No group: the dialect's condition no row
 * meets; an empty group: the one every row meets.
 */
export function compileWhere(groups: ConditionGroups, source: SqlWhereSource): string | undefined {
  if (groups.length === 0) return source.dialect.never;
  const ors: string[] = [];
  for (const group of groups) {
    const ands: string[] = [];
    for (const term of group) {
      const sql = isRelationCondition(term) ? source.relation(term) : compileCondition(term, source);
      if (sql === undefined) return undefined;
      ands.push(isRelationCondition(term) ? `(${sql})` : sql);
    }
    ors.push(ands.length === 0 ? source.dialect.always : ands.join(' AND '));
  }
  return ors.length === 1 ? ors[0] : ors.map((sql) => `(${sql})`).join(' OR ');
}

/**
 * The filter of a listing: its OR of AND-groups (scope included), ANDed with its search when it has one (see
 * `compileSearch`); `undefined` as {@link compileWhere} and `compileSearch` say.
 */
export function compileFilter(
  query: Pick<NormalizedQuery, 'groups' | 'search'>,
  source: SqlFilterSource,
): string | undefined {
  const where = compileWhere(query.groups, source);
  if (where === undefined || !query.search) return where;
  const search = compileSearch(query.search, source.search);
  if (search === undefined) return undefined;
  return where === source.dialect.always ? search : `(${where}) AND ${search}`;
}

/** A condition on a field as SQL, or `undefined` when the source cannot say it exactly. */
function compileCondition({ field, op, value }: Condition, source: SqlWhereSource): string | undefined {
  if (TEXT_OPERATORS.has(op) && !source.matchesText(field, Array.isArray(value) ? value : [value])) return undefined;
  const one = (item: unknown) => source.bind(field, item);
  const items = value as readonly unknown[];
  switch (op) {
    case 'eq':
      return `${source.equal(field)} = ${one(value)}`;
    case 'ne':
      return `${source.equal(field)} <> ${one(value)}`;
    case 'gt':
      return `${source.ordered(field)} > ${one(value)}`;
    case 'gte':
      return `${source.ordered(field)} >= ${one(value)}`;
    case 'lt':
      return `${source.ordered(field)} < ${one(value)}`;
    case 'lte':
      return `${source.ordered(field)} <= ${one(value)}`;
    case 'between':
      return `${source.ordered(field)} BETWEEN ${one(items[0])} AND ${one(items[1])}`;
    case 'in':
    case 'notin':
      return inList(source.equal(field), source.bindList(field, items), op === 'notin');
    case 'isnull':
      return `${source.column(field)} IS NULL`;
    case 'notnull':
      return `${source.column(field)} IS NOT NULL`;
  }
  return compileTextCondition(field, op, value, source);
}

/** A text operator's condition: a literal match on the text, or (the `l` operators) on the folded text. */
function compileTextCondition(
  field: string,
  op: Condition['op'],
  value: unknown,
  source: SqlWhereSource,
): string | undefined {
  const match = (mode: 'contains' | 'starts' | 'ends', target: () => string) =>
    source.dialect.textMatch(mode, target, value as string, (needle) => source.add(needle));
  const text = () => source.text(field);
  switch (op) {
    case 'cont':
      return match('contains', text);
    case 'excl':
      return `NOT (${match('contains', text)})`;
    case 'starts':
      return match('starts', text);
    case 'ends':
      return match('ends', text);
  }
  const fold = source.folded;
  if (fold === undefined) return undefined;
  const folded = () => fold(field);
  switch (op) {
    case 'eql':
      return `${folded()} = ${source.add(value as string)}`;
    case 'nel':
      return `${folded()} <> ${source.add(value as string)}`;
    case 'contl':
      return match('contains', folded);
    case 'excll':
      return `NOT (${match('contains', folded)})`;
    case 'startsl':
      return match('starts', folded);
    case 'endsl':
      return match('ends', folded);
    case 'inl':
    case 'notinl':
      return inList(folded(), source.bindList(undefined, value as readonly unknown[]), op === 'notinl');
  }
  return undefined;
}
