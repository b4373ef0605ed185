import type { NormalizedQuery } from 'pagelope/kit';
import type { SqlReadRow } from './read-dialect';
import type { SqlPageSource } from './read-offset-page';

/**
 * The `limit + 1` rows of the listing after the query's cursor (all from the start without one), in the query's
 * order: one statement, the keyset ANDed with the filter; the extra row says whether a page follows.
 */
export function readCursorPage(
  query: NormalizedQuery,
  source: Pick<SqlPageSource, 'statement' | 'select' | 'read'>,
): Promise<readonly SqlReadRow[]> {
  const statement = source.statement();
  const from = statement.from();
  const where = statement.where();
  const keyset = query.after ? ` AND (${statement.keyset(query.order, query.after)})` : '';
  const text =
    `SELECT ${source.select} FROM ${from} WHERE (${where})${keyset} ` +
    `ORDER BY ${statement.order(query.order)} LIMIT ${statement.add(query.limit + 1)}`;
  return source.read(text, statement.values);
}
