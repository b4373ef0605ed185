import type { RecordId, Resource, ScopeOptions, Where } from 'pagelope/kit';
import type { WriteErrorContext } from './constraint-error';
import type { RunRows } from './run-batch';
import type { SqlClient } from './sql-client';
import type { StatementContext } from './statement-context';

export type Row = Record<string, unknown>;

/** What the batch writes need of the PostgreSQL repository they belong to. */
export interface PostgresBatchParts<TRecord> {
  readonly resource: Resource<TRecord>;
  /** The repository's client (a transaction's connection for a repository bound by `tx.repository`). */
  readonly client: SqlClient;
  /** The quoted table. */
  readonly table: string;
  /** The fields, in column order. */
  readonly fields: readonly string[];
  /** The quoted column of a field. */
  readonly column: (field: string) => string;
  readonly idField: string;
  /** The quoted id column. */
  readonly idColumn: string;
  /** A fresh statement context (parameters numbered from `$1`). */
  readonly context: () => Promise<StatementContext>;
  readonly databaseDefaults: readonly string[];
  /** Makes the id of a record created without one (unless the database fills it in). */
  readonly generateId: () => RecordId;
  readonly toRecord: (row: Row) => Row;
  /** Runs a statement on the repository's client, its constraint and data errors mapped. */
  readonly run: RunRows;
  /** Turns a constraint or data error of a write into the client's error. */
  readonly writeError: (error: unknown, write: WriteErrorContext) => Promise<unknown>;
  /** The single update of one record within the scope and `where`, its statements run by `exec`. */
  readonly update: (
    id: RecordId,
    changes: Row,
    options: ScopeOptions<TRecord> & { readonly where?: Where<TRecord> | undefined },
    exec: RunRows,
  ) => Promise<TRecord>;
}
