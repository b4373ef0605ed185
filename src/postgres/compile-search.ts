import type { NormalizedQuery, SearchTerm } from 'pagelope/kit';
import {
  compileFilter as compileSqlFilter,
  compileSearch as compileSqlSearch,
  type SqlSearchSource,
} from '../sql/index';
import { lowerText } from './lower-text';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { textOf, whereSourceOf, type SqlContext } from './sql-context';

/** The context as the search compiler reads it: one parameter for every field (a numbered placeholder may be reused). */
function searchSourceOf(context: SqlContext): SqlSearchSource {
  const placeholders = new Map<string, string>();
  const add = (value: string) => {
    const placeholder = placeholders.get(value) ?? context.params.add(value);
    placeholders.set(value, placeholder);
    return placeholder;
  };
  const folded = (field: string) => lowerText(textOf(field, context));
  return { dialect: POSTGRES_SQL_DIALECT, folds: () => true, folded, add };
}

/**
 * Compiles a search into `(lower(a) LIKE $n ESCAPE '\' OR lower(b) LIKE $n ESCAPE '\' ...)`, one term per searchable
 * field, all on one bind parameter `%needle%` (the needle lower-cased by JavaScript, `\`, `%` and `_` escaped): the
 * `contl` rule on each field, so a NULL never matches. Each term is the expression the trigram indexes of
 * `createTableSql(resource, { trigram: true })` are built on (see {@link lowerText}), so they can serve it.
 */
export function compileSearch(search: SearchTerm, context: SqlContext): string {
  return compileSqlSearch(search, searchSourceOf(context)) ?? POSTGRES_SQL_DIALECT.never;
}

/** The filter of a listing: its OR of AND-groups (scope included), ANDed with its search when it has one. */
export function compileFilter(query: Pick<NormalizedQuery, 'groups' | 'search'>, context: SqlContext): string {
  const source = { ...whereSourceOf(context), search: searchSourceOf(context) };
  const sql = compileSqlFilter(query, source);
  // PostgreSQL says every condition and search (its sources match and fold any text): never reached.
  if (sql === undefined) throw new Error('a filter PostgreSQL cannot say');
  return sql;
}
