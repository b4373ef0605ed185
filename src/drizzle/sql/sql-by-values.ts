import {
  compileComparator,
  compilePredicate,
  normalizeListInput,
  normalizeScope,
  type ByValuesOptions,
  type RecordId,
  type Repository,
  type Resource,
} from 'pagelope/kit';
import { compileOrder, inList } from '../../sql/index';
import { compileSqlWhere } from './compile-sql-where';
import type { SqlRunner } from './sql-runner';
import type { SqlStatement } from './sql-statement';
import type { Row, SqlTable } from './sql-table';

/** The most values one statement binds for `field IN (...)`. */
const CHUNK = 1000;

/** The distinct non-null values in chunks of at most {@link CHUNK}. */
function chunksOf(values: readonly RecordId[]): RecordId[][] {
  const distinct = [...new Set(values.filter((value) => value != null))];
  const chunks: RecordId[][] = [];
  for (let i = 0; i < distinct.length; i += CHUNK) chunks.push(distinct.slice(i, i + CHUNK));
  return chunks;
}

/**
 * `listByValues` and `countByValues` of a SQL repository: one statement per chunk of values (`field IN (...)`, the
 * scope ANDed in SQL; a scope SQL cannot say exactly is tested in JavaScript on the records read), the records in the
 * resource's default order ending with the id, at most `perValue` of each value.
 */
export function createSqlByValues(
  resource: Resource,
  table: SqlTable,
  runner: SqlRunner,
): Required<Pick<Repository<Row>, 'listByValues' | 'countByValues'>> {
  const { order } = normalizeListInput({}, resource);
  const compare = compileComparator(order, resource.fields);
  /** `field IN (chunk)` and the scope as SQL on `statement`, and the test of a scope SQL cannot say. */
  const whereOf = (field: string, chunk: readonly RecordId[], scope: unknown, statement: SqlStatement) => {
    const list = inList(statement.column(field), { items: chunk.map((value) => statement.bind(field, value)) }, false);
    if (scope == null) return { where: list, test: undefined };
    const groups = normalizeScope(scope, resource);
    const sql = compileSqlWhere(groups, statement);
    return sql === undefined
      ? { where: list, test: compilePredicate(groups) }
      : { where: `${list} AND (${sql})`, test: undefined };
  };
  return {
    async listByValues(field, values, options: ByValuesOptions<Row> = {}) {
      const found: Row[] = [];
      for (const chunk of chunksOf(values)) {
        const statement = table.statement(runner);
        const { where, test } = whereOf(field, chunk, options.scope, statement);
        const rows = await table.select(runner, `WHERE ${where} ORDER BY ${compileOrder(order, statement)}`, statement);
        found.push(...(test ? rows.filter((row) => test(row)) : rows));
      }
      if (found.length > 1) found.sort(compare);
      const { perValue } = options;
      if (perValue === undefined) return found;
      const taken = new Map<unknown, number>();
      return found.filter((row) => {
        const count = taken.get(row[field]) ?? 0;
        taken.set(row[field], count + 1);
        return count < perValue;
      });
    },
    async countByValues(field, values, options: ByValuesOptions<Row> = {}) {
      const counts = new Map<RecordId, number>();
      for (const chunk of chunksOf(values)) {
        const statement = table.statement(runner);
        const { where, test } = whereOf(field, chunk, options.scope, statement);
        if (test) {
          for (const row of await table.select(runner, `WHERE ${where}`, statement)) {
            if (!test(row)) continue;
            const value = row[field] as RecordId;
            counts.set(value, (counts.get(value) ?? 0) + 1);
          }
          continue;
        }
        for (const [value, count] of await table.countBy(runner, field, where, statement)) {
          counts.set(value as RecordId, count);
        }
      }
      return counts;
    },
  };
}
