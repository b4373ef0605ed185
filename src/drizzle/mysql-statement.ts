const IDENTIFIER = '`(?:[^`]|``)+`';
/** `SELECT list FROM t WHERE k = ?`, as the SQL core reads one record by its key. */
const SELECT_BY_KEY = new RegExp(`^SELECT [\\s\\S]+ FROM ${IDENTIFIER} WHERE ${IDENTIFIER} = \\?$`);
/** `INSERT INTO t DEFAULT VALUES`, SQLite's and PostgreSQL's insert of a row of defaults only. */
const DEFAULT_VALUES = new RegExp(`^INSERT INTO (${IDENTIFIER}) DEFAULT VALUES`);

/**
 * A statement of the dialect-parameterised SQL core as MariaDB takes it. `INSERT INTO t DEFAULT VALUES` is
 * `INSERT INTO t () VALUES ()`. In a transaction (`inTransaction`), the read of one record by its key is a locking
 * read (`FOR UPDATE`): the core reads a record before it updates or deletes it, and InnoDB's plain reads see the
 * snapshot, so two concurrent writes would both read the same version and the second overwrite the first. Any other
 * statement is run as it is.
 */
export function toMysqlStatement(text: string, inTransaction: boolean): string {
  if (inTransaction && SELECT_BY_KEY.test(text)) return `${text} FOR UPDATE`;
  return text.replace(DEFAULT_VALUES, 'INSERT INTO $1 () VALUES ()');
}
