import {
  validatePatch,
  validateReplace,
  type CreateInput,
  type Patch,
  type RecordId,
  type Repository,
  type ScopeOptions,
} from 'pagelope/kit';
import type { SqlRecordRunner, SqlRecordSource } from './read-record';
import type { SqlRow } from './write-dialect';
import { deleteRecord, writeRecord } from './write-record';

/** The single writes of a SQL repository beside `create`. */
export type SqlSingleWrites<TRecord> = Pick<Repository<TRecord>, 'update' | 'replace' | 'delete'>;

/**
 * `update`, `replace` and `delete` of a SQL repository on any dialect, run by `runner`, each the SQL engine's
 * `writeRecord` or `deleteRecord` (one `UPDATE` / `DELETE ... RETURNING` where the dialect has it): an update sets
 * the columns its patch names (each value parsed with its own field schema: no default is filled in), a replace
 * every column, one the database fills given `DEFAULT` where the dialect's `valuesDefault` says so (else kept).
 */
export function createSingleWrites<TRecord>(
  source: SqlRecordSource,
  runner: SqlRecordRunner,
): SqlSingleWrites<TRecord> {
  const { resource } = source;
  const databaseDefaults = [...source.filledByDatabase];
  const fields = [...resource.fields.keys()];
  return {
    async update(id: RecordId, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const changes = validatePatch(resource, patch, id) as SqlRow;
      return (await writeRecord(source, id, changes, Object.keys(changes), options, runner)) as TRecord;
    },
    async replace(id: RecordId, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const record = validateReplace(resource, data, id, { databaseDefaults }) as SqlRow;
      return (await writeRecord(source, id, record, fields, { ...options, operation: 'replace' }, runner)) as TRecord;
    },
    delete: async (id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> =>
      (await deleteRecord(source, id, options, runner)) as TRecord,
  };
}
