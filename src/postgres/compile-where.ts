import { isRelationCondition, type Condition, type ConditionGroups, type FilterTerm } from 'pagelope/kit';
import { escapeLike } from '../sql/index';
import { lowerText } from './lower-text';
import { bindList, bindValue, comparable, textOf, type SqlContext } from './sql-context';

export { escapeLike };

/**
 * Compiles an OR of AND-groups of validated conditions into a SQL boolean expression with bind parameters.
 * Identifiers come from the resource definition; every value is a parameter bound as its column's type (lists as an
 * array of it). Equality (`eq`, `ne`, `in`, `notin`, `isnull`, `notnull`) compares the column as it is, so its
 * indexes serve it; ranges and pattern matches compare in code-point order. Negated operators never match NULL
 * (SQL's three-valued logic does that: `NULL <> x` is not true). Values are checked beforehand (`checkQueryValues`).
 * Relation terms go to the context's relation compiler (EXISTS subqueries, see `compile-relations.ts`).
 */
export function compileWhere(groups: ConditionGroups, context: SqlContext): string {
  const ors = groups.map((group) =>
    group.length === 0 ? 'TRUE' : group.map((term) => compileTerm(term, context)).join(' AND '),
  );
  if (ors.length === 0) return 'FALSE';
  return ors.length === 1 ? (ors[0] ?? 'TRUE') : ors.map((sql) => `(${sql})`).join(' OR ');
}

/**
 * A term of a group: a condition on a column, or a relation term compiled by the context's relation compiler.
 *
 * @throws Error (a server fault) for a relation term in a statement that binds no relation.
 */
function compileTerm(term: FilterTerm, context: SqlContext): string {
  if (!isRelationCondition(term)) return compileCondition(term, context);
  if (!context.relations) throw new Error(`relation "${term.relation}": the statement binds no relation`);
  return `(${context.relations(term, context)})`;
}

function compileCondition({ field, op, value }: Condition, context: SqlContext): string {
  const { params } = context;
  const column = context.column(field);
  const ordered = comparable(field, context);
  const text = textOf(field, context);
  // Pattern matches compare code points: on a text column in another collation, LIKE needs "C" as well.
  const pattern = context.collate.has(field) ? `${text} COLLATE "C"` : text;
  // The column as toLowerCase() would fold it (see lowerText): case-insensitive values come lower-cased.
  const lower = lowerText(text);
  const like = (value: string, target = pattern, negate = false) =>
    `${target} ${negate ? 'NOT LIKE' : 'LIKE'} ${params.add(value)} ESCAPE '\\'`;
  const one = (item: unknown) => bindValue(field, item, context);
  const words = value as string;
  const list = value as readonly unknown[];
  switch (op) {
    case 'eq':
      return `${column} = ${one(value)}`;
    case 'ne':
      return `${column} <> ${one(value)}`;
    case 'gt':
      return `${ordered} > ${one(value)}`;
    case 'gte':
      return `${ordered} >= ${one(value)}`;
    case 'lt':
      return `${ordered} < ${one(value)}`;
    case 'lte':
      return `${ordered} <= ${one(value)}`;
    case 'between':
      return `${ordered} BETWEEN ${one(list[0])} AND ${one(list[1])}`;
    case 'in':
      return `${column} = ANY(${bindList(field, list, context)})`;
    case 'notin':
      return `${column} <> ALL(${bindList(field, list, context)})`;
    case 'isnull':
      return `${column} IS NULL`;
    case 'notnull':
      return `${column} IS NOT NULL`;
    case 'cont':
      return like(`%${escapeLike(words)}%`);
    case 'excl':
      return like(`%${escapeLike(words)}%`, pattern, true);
    case 'starts':
      return like(`${escapeLike(words)}%`);
    case 'ends':
      return like(`%${escapeLike(words)}`);
    case 'eql':
      return `${lower} = ${params.add(words)}`;
    case 'nel':
      return `${lower} <> ${params.add(words)}`;
    case 'contl':
      return like(`%${escapeLike(words)}%`, lower);
    case 'excll':
      return like(`%${escapeLike(words)}%`, lower, true);
    case 'startsl':
      return like(`${escapeLike(words)}%`, lower);
    case 'endsl':
      return like(`%${escapeLike(words)}`, lower);
    case 'inl':
      return `${lower} = ANY(${params.add(list, 'text[]')})`;
    case 'notinl':
      return `${lower} <> ALL(${params.add(list, 'text[]')})`;
  }
}
