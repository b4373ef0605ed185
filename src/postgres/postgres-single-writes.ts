import { deleteRecord, writeRecord } from '../sql/index';
import {
  validatePatch,
  validateReplace,
  type CreateInput,
  type Patch,
  type RecordId,
  type Repository,
  type ScopeOptions,
} from 'pagelope/kit';
import type { PostgresRepositoryParts, Row } from './postgres-repository-parts';

/** The single writes of a PostgreSQL repository beside `create`: `update`, `replace` and `delete`. */
type PostgresSingleWrites<TRecord> = Pick<Repository<TRecord>, 'update' | 'replace' | 'delete'>;

/**
 * The single writes of the repository of `parts`, each one statement: the SQL engine's `writeRecord` (`UPDATE ...
 * SET` each given column, NULL for an absent one, `DEFAULT` for one the database fills, of the record with this id
 * within the scope) and `deleteRecord`.
 */
export function createSingleWrites<TRecord>(parts: PostgresRepositoryParts<TRecord>): PostgresSingleWrites<TRecord> {
  const { resource, columns, databaseDefaults, record: source } = parts;
  const runner = { run: parts.run };
  return {
    async update(id: RecordId, patch: Patch<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      // Only the columns the patch names, each value parsed with its own field schema: no default is filled in.
      const changes = validatePatch(resource, patch, id) as Row;
      return (await writeRecord(source, id, changes, Object.keys(changes), options, runner)) as TRecord;
    },
    async replace(id: RecordId, data: CreateInput<TRecord>, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      const record = validateReplace(resource, data, id, { databaseDefaults }) as Row;
      return (await writeRecord(source, id, record, columns, { ...options, operation: 'replace' }, runner)) as TRecord;
    },
    async delete(id: RecordId, options?: ScopeOptions<TRecord>): Promise<TRecord> {
      return (await deleteRecord(source, id, options, runner)) as TRecord;
    },
  };
}
