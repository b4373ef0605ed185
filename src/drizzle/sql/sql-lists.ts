import {
  compileAfterCursor,
  compileComparator,
  compileQueryPredicate,
  nextCursorOf,
  normalizeCursorInput,
  normalizeListInput,
  ownPageResult,
  resolveRelationTerms,
  type CursorInput,
  type CursorPage,
  type ListInput,
  type NormalizedQuery,
  type PageResult,
  type Resource,
  type ScopeOptions,
} from 'pagelope/kit';
import { readRelationPaths } from './read-relation-paths';
import type { SqlRunner } from './sql-runner';
import type { Row, SqlTable } from './sql-table';

/** The records of `table` that `query` selects, in its order (to-one paths of the order set on each, see `readRelationPaths`). */
async function selected(
  query: NormalizedQuery,
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
  options: ScopeOptions<unknown> | undefined,
): Promise<readonly Row[]> {
  const resolved = await resolveRelationTerms(query, { resource, relations: options?.relations });
  const test = compileQueryPredicate(resolved);
  const matches = (await table.all(runner)).filter((record) => test(record));
  const ordered = [...(await readRelationPaths(matches, resolved, resource, options?.relations))];
  return ordered.sort(compileComparator(resolved.order, resource.fields));
}

/** Only the selected fields of `record` (the selection names the id first), or the record without the order's paths. */
function itemOf(record: Row, query: NormalizedQuery, resource: Resource): Row {
  const item: Row = {};
  for (const field of query.select ?? resource.fields.keys()) {
    if (Object.hasOwn(record, field)) item[field] = record[field];
  }
  return item;
}

/**
 * `list` and `listByCursor` of a SQL repository: the records read from `table` and the query evaluated by the kit's
 * reference predicate and comparator (relation terms resolved through their bindings by `resolveRelationTerms`), so
 * that every answer is the memory repository's.
 */
export function createSqlLists(
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
): {
  list(input?: ListInput<unknown>, options?: ScopeOptions<unknown>): Promise<PageResult<unknown>>;
  listByCursor(input?: CursorInput<unknown>, options?: ScopeOptions<unknown>): Promise<CursorPage<unknown>>;
} {
  return {
    async list(input, options) {
      const query = normalizeListInput(input, resource, { scope: options?.scope, relations: options?.relations });
      const records = await selected(query, resource, table, runner, options);
      const offset = (query.page - 1) * query.limit;
      const items = records.slice(offset, offset + query.limit).map((record) => itemOf(record, query, resource));
      return ownPageResult(items, { total: records.length, page: query.page, limit: query.limit });
    },
    async listByCursor(input, options) {
      const query = normalizeCursorInput(input, resource, { scope: options?.scope, relations: options?.relations });
      const records = await selected(query, resource, table, runner, options);
      const after = compileAfterCursor(query);
      let start = 0;
      while (start < records.length && !after(records[start] as Row)) start++;
      const page = records.slice(start, start + query.limit + 1);
      const last = page.length > query.limit ? page[query.limit - 1] : undefined;
      const items = page.slice(0, query.limit).map((record) => itemOf(record, query, resource));
      return Object.freeze({ items: Object.freeze(items), nextCursor: last ? nextCursorOf(query, last) : null });
    },
  };
}
