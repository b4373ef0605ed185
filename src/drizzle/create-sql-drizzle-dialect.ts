import { is, type Column, type DrizzleEntityClass, type Table } from 'drizzle-orm';
import type { Repository, Resource } from 'pagelope/kit';
import { columnKindOf, fieldSchemaOf, type ColumnBases } from './column-field-schema';
import { columnSqlName } from './column-sql-name';
import { createColumnCheck } from './create-column-check';
import { drizzleTables, type DrizzleDialect } from './drizzle-dialect';
import {
  createSqlRepository,
  type DrizzleRunners,
  type SqlColumn,
  type SqlDialect,
  type SqlRow,
  type SqlValueKind,
} from './sql/index';

/** One table's repository as a dialect writes it: each field's column, then the dialect of its statements. */
export interface SqlDrizzleTable {
  /** The column `column` of a field of `kind`, whose SQL name is `name`: called once per field, before `dialect`. */
  column(name: string, column: Column, kind: SqlValueKind): SqlColumn;
  /** The dialect of the table's statements, once every field's column is known (`idColumn`: the id's SQL name). */
  dialect(idColumn: string | undefined): SqlDialect;
  /**
   * What the statements read of the table's columns as `columnNames` lists them (MariaDB: the server's version and each
   * column's collation), read once before the first statement by the column check; a throw fails the check, which
   * the next call runs again.
   */
  columnsRead?(rows: readonly SqlRow[]): void;
}

/** What `createSqlDrizzleDialect` needs of one Drizzle dialect without `pagelope/postgres` (SQLite, MariaDB). */
export interface SqlDrizzleDialectOptions<TDatabase> {
  readonly name: string;
  /** Drizzle's table class of the dialect (`SQLiteTable`), and its database class, which a `readDb` must be of. */
  readonly tableClass: DrizzleEntityClass<Table>;
  readonly databaseClass: DrizzleEntityClass<unknown>;
  /** How the `readDb` error names the database (`SQLite`, `MariaDB or MySQL`). */
  readonly databaseName: string;
  /**
   * The base of a field on each of the dialect's column types, which gives the field schema of a column (see
   * `fieldSchemaOf`) and the kind its Drizzle type says (see `columnKindOf`; none: the dialect's column may say it).
   */
  readonly bases: ColumnBases;
  /** Whether the database fills `column` when a created record gives no value. */
  hasDatabaseDefault(column: Column): boolean;
  /** A SELECT of the names (as `name`, NULL ones left out) of the columns of the table bound as its one parameter. */
  readonly columnNames: string;
  /** The runner of a database's statements, and a reader outside its queue (what is read before the first call). */
  readonly runners: DrizzleRunners<TDatabase>;
  /** The repository's parts on the table `name` of `db`. */
  open(db: TDatabase, table: Table, name: string): SqlDrizzleTable;
}

/**
 * A {@link DrizzleDialect} whose repository is `createSqlRepository`: every field on the column Drizzle maps it to
 * (in the casing `db` was made with; its kind the Drizzle type's when known, its `$defaultFn` computed before an
 * insert), the fields the database fills, a check that every field's column is in the table before the first call
 * (see `createColumnCheck`; `ready()` runs it), with what the dialect reads of the columns, reads on `readDb` when
 * given.
 */
export function createSqlDrizzleDialect<TDatabase>(options: SqlDrizzleDialectOptions<TDatabase>): DrizzleDialect {
  const { name, databaseClass } = options;
  const { runnerOf, readerOf } = options.runners;
  const tables = drizzleTables(options.tableClass, fieldSchemaOf(options.bases));
  const columnKind = columnKindOf(options.bases);
  return Object.freeze({
    name,
    ...tables,
    createRepository<TRecord>(
      resource: Resource<TRecord>,
      db: unknown,
      table: unknown,
      fields: ReadonlyMap<string, Column>,
      readDb?: unknown,
    ): Repository<TRecord> {
      if (readDb !== undefined && !is(readDb, databaseClass)) {
        throw new TypeError(`createDrizzleRepository: readDb must be a Drizzle ${options.databaseName} database`);
      }
      const tableName = tables.tableName(table);
      const parts = options.open(db as TDatabase, table as Table, tableName);
      const columns = new Map<string, SqlColumn>();
      const databaseDefaults: string[] = [];
      for (const [field, column] of fields) {
        const kind = (resource as Resource).fields.get(field)?.kind ?? 'other';
        const declared = columnKind(column);
        const { defaultFn } = column;
        columns.set(field, {
          ...parts.column(columnSqlName(db, column), column, kind),
          ...(declared && { kind: () => declared }),
          ...(defaultFn && { defaultValue: () => defaultFn() }),
        });
        if (options.hasDatabaseDefault(column)) databaseDefaults.push(field);
      }
      const read = readerOf(db as TDatabase);
      const sqlNames = new Map([...columns].map(([field, column]) => [field, column.name]));
      const check = createColumnCheck(tableName, sqlNames, async () => {
        const rows = await read(options.columnNames, [tableName]);
        parts.columnsRead?.(rows);
        return rows.filter((row) => row['name'] != null).map((row) => String(row['name']));
      });
      return createSqlRepository(resource, {
        dialect: parts.dialect(columns.get((resource as Resource).idField)?.name),
        prepare: check,
        runner: runnerOf(db as TDatabase),
        readRunner: readDb === undefined ? undefined : runnerOf(readDb as TDatabase),
        table: tableName,
        columns,
        databaseDefaults,
      });
    },
  });
}
