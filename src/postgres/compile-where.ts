import type { Condition } from 'pagelope/kit';
import { arrayType } from './column-types';
import { lowerText } from './lower-text';
import { quoteIdentifier } from './quote-identifier';
import { comparable, type SqlContext } from './sql-context';

/** Escapes `\`, `%` and `_` so a value stays literal inside a LIKE pattern with `ESCAPE '\'`. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Compiles an OR of AND-groups of validated conditions into a SQL boolean expression with bind parameters.
 * Identifiers come from the resource definition; every value is a parameter. Negated operators never match NULL
 * (SQL's three-valued logic does that: `NULL <> x` is not true).
 */
export function compileWhere(groups: readonly (readonly Condition[])[], context: SqlContext): string {
  const ors = groups.map((group) =>
    group.length === 0 ? 'TRUE' : group.map((c) => compileCondition(c, context)).join(' AND '),
  );
  if (ors.length === 0) return 'FALSE';
  return ors.length === 1 ? (ors[0] ?? 'TRUE') : ors.map((sql) => `(${sql})`).join(' OR ');
}

function compileCondition({ field, op, value, def }: Condition, context: SqlContext): string {
  const { params } = context;
  const column = quoteIdentifier(field);
  const col = comparable(column, field, context);
  // The column as toLowerCase() would fold it (see lowerText): case-insensitive values come lower-cased.
  const lower = lowerText(column);
  const like = (pattern: string, target = col, negate = false) =>
    `${target} ${negate ? 'NOT LIKE' : 'LIKE'} ${params.add(pattern)} ESCAPE '\\'`;
  const text = value as string;
  const list = value as readonly unknown[];
  switch (op) {
    case 'eq':
      return `${col} = ${params.add(value)}`;
    case 'ne':
      return `${col} <> ${params.add(value)}`;
    case 'gt':
      return `${col} > ${params.add(value)}`;
    case 'gte':
      return `${col} >= ${params.add(value)}`;
    case 'lt':
      return `${col} < ${params.add(value)}`;
    case 'lte':
      return `${col} <= ${params.add(value)}`;
    case 'between':
      return `${col} BETWEEN ${params.add(list[0])} AND ${params.add(list[1])}`;
    case 'in':
      return `${col} = ANY(${params.add(list, arrayType(def))})`;
    case 'notin':
      return `${col} <> ALL(${params.add(list, arrayType(def))})`;
    case 'isnull':
      return `${column} IS NULL`;
    case 'notnull':
      return `${column} IS NOT NULL`;
    case 'cont':
      return like(`%${escapeLike(text)}%`);
    case 'excl':
      return like(`%${escapeLike(text)}%`, col, true);
    case 'starts':
      return like(`${escapeLike(text)}%`);
    case 'ends':
      return like(`%${escapeLike(text)}`);
    case 'eql':
      return `${lower} = ${params.add(text)}`;
    case 'nel':
      return `${lower} <> ${params.add(text)}`;
    case 'contl':
      return like(`%${escapeLike(text)}%`, lower);
    case 'excll':
      return like(`%${escapeLike(text)}%`, lower, true);
    case 'startsl':
      return like(`${escapeLike(text)}%`, lower);
    case 'endsl':
      return like(`%${escapeLike(text)}`, lower);
    case 'inl':
      return `${lower} = ANY(${params.add(list, 'text[]')})`;
    case 'notinl':
      return `${lower} <> ALL(${params.add(list, 'text[]')})`;
  }
}
