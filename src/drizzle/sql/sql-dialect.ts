import type { SqlDialect as CoreSqlDialect, SqlViolation, SqlWriteDialect } from '../../sql/index';

/** The kind of a field as `pagelope/kit` reports it (`FieldDef.kind`), or `'other'` (JSON values). */
export type SqlValueKind = 'string' | 'number' | 'date' | 'isoDate' | 'boolean' | 'enum' | 'other';

/** A constraint or value violation read from a driver's error (the SQL engine's `SqlViolation`). */
export type ConstraintViolation = SqlViolation;

/**
 * What the SQL statements of a Drizzle repository need of one SQL dialect without arrays (SQLite, MySQL, MariaDB)
 * beyond the SQL engine's {@link CoreSqlDialect} (identifiers, placeholders, order terms, keysets, text tests): every
 * collation the statement builders write goes through it, so a dialect is this object and a
 * {@link SqlRunner}, not a copy of the statement builders.
 */
export interface SqlDialect extends CoreSqlDialect, Pick<SqlWriteDialect, 'lockRead' | 'returning' | 'maxParameters'> {
  /**
   * A SELECT of the foreign keys of the table bound as its one parameter, one row per column pair: `id` (the key),
   * `parent` (the referenced table), `from` and `to` (the columns), for a dialect whose foreign-key errors name no
   * column (SQLite): the repository then finds the key a write broke. `undefined`: the errors name them.
   */
  readonly foreignKeyList?: string | undefined;
  /** The constraint a driver's error reports as broken, or `undefined` for any other error. */
  constraintViolation(error: unknown): ConstraintViolation | undefined;
  /** A record's value of a field of `kind` as the driver binds it (a `Date` as ISO text, a boolean as 0/1, JSON as text). */
  toDriver(value: unknown, kind: SqlValueKind): unknown;
  /** A column's value as the driver read it, as the record's value of a field of `kind` (the inverse of `toDriver`). */
  fromDriver(value: unknown, kind: SqlValueKind): unknown;
}

/** What SQLite and MariaDB write alike: `?` placeholders, no row-comparison keysets, `1 = 0` and `1 = 1`. */
export const POSITIONAL_SQL = Object.freeze({
  placeholder: () => '?',
  rowKeyset: false,
  never: '1 = 0',
  always: '1 = 1',
} satisfies Partial<SqlDialect>);
