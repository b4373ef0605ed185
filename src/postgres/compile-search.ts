import type { NormalizedQuery, SearchTerm } from 'pagelope/kit';
import { compileWhere, escapeLike } from './compile-where';
import { lowerText } from './lower-text';
import { textOf, type SqlContext } from './sql-context';

/**
 * Compiles a search into `(lower(a) LIKE $n ESCAPE '\' OR lower(b) LIKE $n ESCAPE '\' ...)`, one term per searchable
 * field, all on one bind parameter `%needle%` (the needle lower-cased by JavaScript, `\`, `%` and `_` escaped): the
 * `contl` rule on each field, so a NULL never matches. Each term is the expression the trigram indexes of
 * `createTableSql(resource, { trigram: true })` are built on (see {@link lowerText}), so they can serve it.
 */
export function compileSearch(search: SearchTerm, context: SqlContext): string {
  const pattern = context.params.add(`%${escapeLike(search.needle)}%`);
  const terms = search.fields.map((field) => `${lowerText(textOf(field, context))} LIKE ${pattern} ESCAPE '\\'`);
  return terms.length === 0 ? 'FALSE' : `(${terms.join(' OR ')})`;
}

/** The filter of a listing: its OR of AND-groups (scope included), ANDed with its search when it has one. */
export function compileFilter(query: Pick<NormalizedQuery, 'groups' | 'search'>, context: SqlContext): string {
  const where = compileWhere(query.groups, context);
  if (!query.search) return where;
  const search = compileSearch(query.search, context);
  return where === 'TRUE' ? search : `(${where}) AND ${search}`;
}
