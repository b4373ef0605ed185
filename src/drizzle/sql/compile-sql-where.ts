import { isRelationCondition, type Condition, type ConditionGroups, type NormalizedQuery } from 'pagelope/kit';
import { compileSearch } from '../../sql/index';
import type { SqlStatement } from './sql-statement';

/** The operators that match a field's text with a needle (or, `inl` and `notinl`, a list of them) as given. */
const TEXT_OPERATORS = new Set([
  'cont',
  'excl',
  'starts',
  'ends',
  'eql',
  'nel',
  'contl',
  'excll',
  'startsl',
  'endsl',
  'inl',
  'notinl',
]);

/**
 * A condition as SQL on `statement`'s columns, or `undefined` when the dialect cannot say it exactly as the memory
 * repository evaluates it (a case-insensitive operator without a `lower` function; a text operator on a column that
 * stores something else than the field's text, see `SqlColumn.matchesText`). Negated operators never match
 * NULL (SQL's three-valued logic does that); strings compare by code point (the column's binary collation); the
 * text operators match literally.
 */
function compileCondition({ field, op, value }: Condition, statement: SqlStatement): string | undefined {
  const { dialect } = statement;
  if (TEXT_OPERATORS.has(op) && !statement.matchesText(field, Array.isArray(value) ? value : [value])) return undefined;
  const column = statement.column(field);
  const one = (item: unknown) => statement.bind(field, item);
  const words = value as string;
  const items = value as readonly unknown[];
  const match = (mode: 'contains' | 'starts' | 'ends', target: string) =>
    dialect.textMatch(
      mode,
      () => target,
      words,
      (needle) => statement.add(needle),
    );
  const { lower } = statement;
  const folded = lower === undefined ? undefined : `${lower}(${column})`;
  // Comparisons and lists in code-point order on a text column (see SqlColumn.text); NULL tests on the column.
  const ordered = statement.ordered(field);
  switch (op) {
    case 'eq':
      return `${ordered} = ${one(value)}`;
    case 'ne':
      return `${ordered} <> ${one(value)}`;
    case 'gt':
      return `${ordered} > ${one(value)}`;
    case 'gte':
      return `${ordered} >= ${one(value)}`;
    case 'lt':
      return `${ordered} < ${one(value)}`;
    case 'lte':
      return `${ordered} <= ${one(value)}`;
    case 'between':
      return `${ordered} BETWEEN ${one(items[0])} AND ${one(items[1])}`;
    case 'in':
      return dialect.inList(
        ordered,
        items.map((item) => one(item)),
        false,
      );
    case 'notin':
      return dialect.inList(
        ordered,
        items.map((item) => one(item)),
        true,
      );
    case 'isnull':
      return `${column} IS NULL`;
    case 'notnull':
      return `${column} IS NOT NULL`;
    case 'cont':
      return match('contains', column);
    case 'excl':
      return `NOT (${match('contains', column)})`;
    case 'starts':
      return match('starts', column);
    case 'ends':
      return match('ends', column);
  }
  if (folded === undefined) return undefined;
  switch (op) {
    case 'eql':
      return `${folded} = ${statement.add(words)}`;
    case 'nel':
      return `${folded} <> ${statement.add(words)}`;
    case 'contl':
      return match('contains', folded);
    case 'excll':
      return `NOT (${match('contains', folded)})`;
    case 'startsl':
      return match('starts', folded);
    case 'endsl':
      return match('ends', folded);
    case 'inl':
      return dialect.inList(
        folded,
        items.map((item) => statement.add(item)),
        false,
      );
    case 'notinl':
      return dialect.inList(
        folded,
        items.map((item) => statement.add(item)),
        true,
      );
  }
}

/**
 * An OR of AND-groups of conditions as one SQL boolean expression on `statement`, or `undefined` when a term cannot
 * be said exactly in SQL (a relation term the statement's `relations` cannot say; a case-insensitive operator
 * without `lower`).
 */
export function compileSqlWhere(groups: ConditionGroups, statement: SqlStatement): string | undefined {
  if (groups.length === 0) return '1 = 0';
  const ors: string[] = [];
  for (const group of groups) {
    const ands: string[] = [];
    for (const term of group) {
      const sql = isRelationCondition(term)
        ? statement.relations?.(term, statement)
        : compileCondition(term, statement);
      if (sql === undefined) return undefined;
      ands.push(`(${sql})`);
    }
    ors.push(ands.length === 0 ? '1 = 1' : ands.join(' AND '));
  }
  return ors.length === 1 ? (ors[0] as string) : ors.map((sql) => `(${sql})`).join(' OR ');
}

/**
 * The filter of `query` (its groups AND its search: some searchable column contains the needle once folded) as SQL,
 * or `undefined` as {@link compileSqlWhere}.
 */
export function compileSqlFilter(query: NormalizedQuery, statement: SqlStatement): string | undefined {
  const where = compileSqlWhere(query.groups, statement);
  if (where === undefined || !query.search) return where;
  const { lower } = statement;
  if (lower === undefined) return undefined;
  const search = compileSearch(query.search, {
    dialect: statement.dialect,
    folds: (field, needle) => statement.matchesText(field, [needle]),
    folded: (field) => `${lower}(${statement.column(field)})`,
    add: (value) => statement.add(value),
  });
  return search === undefined ? undefined : `(${where}) AND ${search}`;
}
