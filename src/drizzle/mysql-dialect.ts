import type { Column, Table } from 'drizzle-orm';
import { MySqlDatabase, MySqlTable } from 'drizzle-orm/mysql-core';
import { COLUMN_KINDS, type ColumnCollation } from '../sql/index';
import { columnSqlName } from './column-sql-name';
import { createSqlDrizzleDialect } from './create-sql-drizzle-dialect';
import { mapsToText } from './maps-to-text';
import { hasMysqlDatabaseDefault, MYSQL_COLUMN_BASES } from './mysql-field-schema';
import { mysqlUniqueKeys, withUniqueKeys } from './mysql-keys';
import { MARIADB_RUNNERS, type DrizzleMySqlDatabase } from './mysql-runner';
import { codePointText, MYSQL_SQL_DIALECT } from './mysql-sql-dialect';
import { inCodePointOrder, mariaDbColumnsOf, READ_COLUMNS, textOrderOf, type TextOrder } from './mysql-text-columns';
import { dayOf, type SqlColumn, type SqlRow, type SqlValueKind } from './sql/index';

/** Whether a field of `kind` holds text, which is bound as {@link codePointText}. */
const isText = (kind: SqlValueKind) => kind === 'string' || kind === 'enum';

/**
 * How the values of a field of `kind` go to and come from `column`: through the column's own mapping first when it is
 * a `customType` (its `toDriver` and `fromDriver`: a uuid's text as the 16 bytes of a BINARY(16), say); then, on a
 * column of a type with an order of its own (`order()` is `'native'`: UUID, BINARY), as they are; text as a literal
 * in the code-point collation; a `Date` on a DATE column in `date` mode as its day; anything else as
 * `MYSQL_SQL_DIALECT` binds it. A text operator on a customType column of a native order whose `toDriver` maps the
 * needle to anything but text (bytes) is not said in SQL (see `SqlColumn.matchesText`).
 */
function sqlColumnOf(name: string, column: Column, kind: SqlValueKind, order: () => TextOrder | undefined): SqlColumn {
  const day = column.columnType === 'MySqlDate';
  const custom = column.columnType === 'MySqlCustomColumn';
  const bind = (given: unknown) => {
    const value = custom ? column.mapToDriverValue(given) : given;
    const textOrder = order();
    if (textOrder === 'native') return custom ? value : MYSQL_SQL_DIALECT.toDriver(value, kind);
    // In the collation the column orders in: its own when it is utf8mb4_nopad_bin (see TextOrder).
    if (isText(kind) && typeof value === 'string') return codePointText(value, textOrder !== 'as-is');
    return day && value instanceof Date ? dayOf(value) : MYSQL_SQL_DIALECT.toDriver(value, kind);
  };
  /** A needle a customType maps to anything but text (a uuid's bytes) is not the text the column stores. */
  const matchesText = (needle: string) => !custom || order() !== 'native' || mapsToText(column, needle);
  return Object.freeze({
    name,
    toDriver: bind,
    matchesText,
    ...(isText(kind) && { ordered: (expression: string) => inCodePointOrder(expression, order() ?? 'convert') }),
    fromDriver: (value: unknown) =>
      MYSQL_SQL_DIALECT.fromDriver(custom ? column.mapFromDriverValue(value) : value, kind),
  });
}

/**
 * MariaDB and MySQL (`drizzle-orm/mysql-core`): the repository is `createSqlRepository` in `MYSQL_SQL_DIALECT`, its
 * statements run through the Drizzle database by `MARIADB_RUNNERS`. Text compares and orders by code point whatever
 * the columns' collations (values bound as `codePointText`, text columns ordered in `utf8mb4_nopad_bin`, a column
 * already in it as it is: the collations and the server are read once per table before a repository's first call,
 * see `textOrderOf`), and a duplicate entry is read as the columns of the key it names.
 */
export const MYSQL_DIALECT = createSqlDrizzleDialect<DrizzleMySqlDatabase>({
  name: 'MariaDB',
  tableClass: MySqlTable,
  databaseClass: MySqlDatabase,
  databaseName: 'MariaDB or MySQL',
  bases: MYSQL_COLUMN_BASES,
  hasDatabaseDefault: hasMysqlDatabaseDefault,
  columnNames: READ_COLUMNS,
  runners: MARIADB_RUNNERS,
  open(db: DrizzleMySqlDatabase, table: Table, name: string) {
    let described: ReadonlyMap<string, ColumnCollation> = new Map();
    return {
      column: (sqlName: string, column: Column, kind: SqlValueKind) => ({
        ...sqlColumnOf(sqlName, column, kind, () => (isText(kind) ? textOrderOf(described.get(sqlName)) : undefined)),
        // A column of a type Drizzle does not know (a customType): MariaDB's UUID holds uuids alone.
        kind: () => (described.get(sqlName)?.type.toLowerCase() === 'uuid' ? COLUMN_KINDS.uuid : undefined),
      }),
      dialect(idColumn: string | undefined) {
        const keys = mysqlUniqueKeys(table as MySqlTable, (column) => columnSqlName(db, column), idColumn);
        return withUniqueKeys(MYSQL_SQL_DIALECT, name, keys);
      },
      // The server's kind and the collations of the table's columns, read with their names before the first call.
      columnsRead: (rows: readonly SqlRow[]) => void (described = mariaDbColumnsOf(rows)),
    };
  },
});
