import type { RecordId, Resource, ScopeOptions, Where } from 'pagelope/kit';
import type { WriteErrorContext } from './constraint-error';
import type { InsertTarget } from './insert-statements';
import type { RunRows } from './run-batch';
import type { SqlClient } from './sql-client';

export type Row = Record<string, unknown>;

/** What the batch writes need of the PostgreSQL repository they belong to. */
export interface PostgresBatchParts<TRecord> extends InsertTarget {
  readonly resource: Resource<TRecord>;
  /** The repository's client (a transaction's connection for a repository bound by `tx.repository`). */
  readonly client: SqlClient;
  /** The quoted id column. */
  readonly idColumn: string;
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
