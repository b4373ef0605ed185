import type { SqlBatchRunning, SqlTransaction } from '../sql/index';
import { bulkUpdate } from './bulk-update';
import { codeOf, isValueError } from './constraint-error';
import type { PostgresRepositoryParts } from './postgres-repository-parts';
import { rootClientOf, runTransaction } from './transaction';

/**
 * How the creates and batch writes of a PostgreSQL repository run (the SQL engine's `createBatchWrites`, see there):
 * `create` one `INSERT ... ON CONFLICT (id) DO NOTHING RETURNING ...`, `createMany` one multi-row INSERT (several,
 * in one transaction, past 65,535 bind parameters), `updateMany` one `UPDATE ... FROM unnest(...)` for two or more
 * changes that set the same fields of distinct records (see `bulkUpdate`), else one UPDATE per change, `deleteMany`
 * one `DELETE ... WHERE id = ANY($1) AND <scope> RETURNING ...`, its refused delete naming the id the error's detail
 * names. A batch inside a transaction (`tx.repository`) runs in a savepoint of it: when it fails, only its own changes
 * are undone.
 */
export function createPostgresBatchWrites<TRecord>(parts: PostgresRepositoryParts<TRecord>): SqlBatchRunning {
  const { client, idField } = parts;
  const transaction: SqlTransaction = (work) =>
    runTransaction(client, (tx) =>
      work(async (text, values) => (await (tx.query as NonNullable<typeof tx.query>)(text, [...values])).rows),
    );
  return {
    run: (text, values) => parts.run(text, [...values]),
    transaction,
    // Inside a caller's transaction a failed statement ends it: a batch of one runs in a savepoint too.
    isolateOne: rootClientOf(client) !== client,
    isUnique: (error) => codeOf(error) === '23505',
    isValueError,
    writeError: parts.writeError,
    bulkUpdate: (changes, options) => bulkUpdate(parts, changes, options),
    // A record other records refer to: the detail names its id (`Key (id)=(a1) is still referenced ...`).
    async deletedId(error, ids) {
      const detail = (error as { detail?: unknown } | null)?.detail;
      const named = typeof detail === 'string' ? /\)=\((.*)\) is still referenced/.exec(detail)?.[1] : undefined;
      const { key = (_: string, id: unknown) => String(id) } = await parts.record.statement();
      const same = (one: unknown) => key(idField, one) === key(idField, named);
      return named === undefined ? undefined : (ids.find(same) ?? named);
    },
  };
}
