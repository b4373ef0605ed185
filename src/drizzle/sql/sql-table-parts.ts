import type { Resource } from 'pagelope/kit';
import { createRecordMapper, type SqlWrite } from '../../sql/index';
import type { SqlColumn, SqlRepositoryOptions } from './sql-repository-options';
import type { SqlRunner } from './sql-runner';
import { SqlStatement } from './sql-statement';
import { toDialectWriteError, type WriteErrorTable } from './to-write-error';

type Row = Record<string, unknown>;

/** What the statements of one table share (see `createSqlTable`): its names, its reading and its running. */
export interface SqlTableParts {
  readonly dialect: SqlRepositoryOptions['dialect'];
  readonly fields: readonly string[];
  /** `dialect.quoteIdentifier`. */
  readonly q: (name: string) => string;
  /** The quoted table. */
  readonly name: string;
  readonly idField: string;
  /** The quoted id column. */
  readonly idColumn: string;
  /** Every field's column read under the field's name (`"c_title" AS "title"`). */
  readonly selectList: string;
  readonly errorTable: WriteErrorTable;
  column(field: string): SqlColumn;
  /** A new statement on the table's columns: its `bind` binds a field's value as the column stores it. */
  fresh(): SqlStatement;
  /** A row read under the fields' names as the record holds it (`fromDriver`; NULL absent unless the schema keeps it). */
  toRecord(row: Readonly<Row>): Row;
  /** The records a statement reads; a write's error (with `context`) as the repository answers it. */
  run(on: SqlRunner, text: string, values: readonly unknown[], context?: SqlWrite): Promise<Row[]>;
}

/**
 * The shared parts of the table of `options` for `resource`.
 *
 * @throws TypeError when a field of the resource has no column in `options.columns`.
 */
export function createTableParts(resource: Resource, options: SqlRepositoryOptions): SqlTableParts {
  const { dialect, columns } = options;
  const q = dialect.quoteIdentifier;
  const fields = [...resource.fields.keys()];
  for (const field of fields) {
    if (!columns.has(field))
      throw new TypeError(`createSqlRepository: field "${field}" of "${resource.name}" has no column`);
  }
  const column = (field: string) => columns.get(field) as SqlColumn;
  const name = q(options.table);
  const idField = resource.idField;
  const idColumn = q(column(idField).name);
  const fieldOfColumn = new Map(fields.map((field) => [column(field).name, field]));
  const errorTable = {
    resource,
    dialect,
    columns,
    tableName: options.table,
    fieldOf: (c: string) => fieldOfColumn.get(c),
  };
  const { toRecord } = createRecordMapper(resource, (def) => {
    const of = column(def.name);
    return (value) => of.fromDriver(value);
  });
  const fresh = () => new SqlStatement(dialect, columns, undefined);
  const selectList = fields.map((field) => `${q(column(field).name)} AS ${q(field)}`).join(', ');
  const parts: SqlTableParts = {
    dialect,
    fields,
    q,
    name,
    idField,
    idColumn,
    selectList,
    errorTable,
    column,
    fresh,
    toRecord,
    async run(on, text, values, context) {
      try {
        return (await on.all(text, values)).map(toRecord);
      } catch (error) {
        throw context ? toDialectWriteError(error, errorTable, context) : error;
      }
    },
  };
  return parts;
}
