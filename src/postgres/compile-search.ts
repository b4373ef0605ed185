import type { NormalizedQuery, SearchTerm } from 'pagelope/kit';
import { compileSearch as compileSqlSearch } from '../sql/index';
import { compileWhere } from './compile-where';
import { lowerText } from './lower-text';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { textOf, type SqlContext } from './sql-context';

/**
 * Compiles a search into `(lower(a) LIKE $n ESCAPE '\' OR lower(b) LIKE $n ESCAPE '\' ...)`, one term per searchable
 * field, all on one bind parameter `%needle%` (the needle lower-cased by JavaScript, `\`, `%` and `_` escaped): the
 * `contl` rule on each field, so a NULL never matches. Each term is the expression the trigram indexes of
 * `createTableSql(resource, { trigram: true })` are built on (see {@link lowerText}), so they can serve it.
 */
export function compileSearch(search: SearchTerm, context: SqlContext): string {
  // One parameter for every field: a numbered placeholder may be used again.
  const placeholders = new Map<string, string>();
  const add = (value: string) => {
    const placeholder = placeholders.get(value) ?? context.params.add(value);
    placeholders.set(value, placeholder);
    return placeholder;
  };
  const folded = (field: string) => lowerText(textOf(field, context));
  const source = { dialect: POSTGRES_SQL_DIALECT, folds: () => true, folded, add };
  return compileSqlSearch(search, source) ?? POSTGRES_SQL_DIALECT.never;
}

/** The filter of a listing: its OR of AND-groups (scope included), ANDed with its search when it has one. */
export function compileFilter(query: Pick<NormalizedQuery, 'groups' | 'search'>, context: SqlContext): string {
  const where = compileWhere(query.groups, context);
  if (!query.search) return where;
  const search = compileSearch(query.search, context);
  return where === 'TRUE' ? search : `(${where}) AND ${search}`;
}
