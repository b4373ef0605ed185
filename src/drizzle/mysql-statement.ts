/** One statement as MariaDB runs it: the statement, and the `SELECT` that reads back what it wrote, if one. */
export interface MysqlStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  /** Run after `text`, in the same transaction: the rows the statement's `RETURNING` would have given. */
  readonly readBack?: { readonly text: string; readonly params: readonly unknown[] } | undefined;
}

const IDENTIFIER = '`(?:[^`]|``)+`';
/** `UPDATE t SET ... WHERE k = ? RETURNING list`, as the SQL core writes an update of one record. */
const UPDATE_RETURNING = new RegExp(
  `^UPDATE (${IDENTIFIER}) SET ([\\s\\S]+) WHERE (${IDENTIFIER}) = \\? RETURNING ([\\s\\S]+)$`,
);
/** `SELECT list FROM t WHERE k = ?`, as the SQL core reads one record by its key. */
const SELECT_BY_KEY = new RegExp(`^SELECT [\\s\\S]+ FROM ${IDENTIFIER} WHERE ${IDENTIFIER} = \\?$`);
/** `INSERT INTO t DEFAULT VALUES`, SQLite's and PostgreSQL's insert of a row of defaults only. */
const DEFAULT_VALUES = new RegExp(`^INSERT INTO (${IDENTIFIER}) DEFAULT VALUES`);

/**
 * A statement of the dialect-parameterised SQL core as MariaDB takes it. MariaDB has `INSERT` and `DELETE ...
 * RETURNING` but no `UPDATE ... RETURNING`: the core's update of one record by its key (`UPDATE t SET ... WHERE k = ?
 * RETURNING list`) becomes the UPDATE alone and a `SELECT list FROM t WHERE k = ?` reading the row back (the key is
 * never among the columns set). `INSERT INTO t DEFAULT VALUES` is `INSERT INTO t () VALUES ()`. In a transaction
 * (`inTransaction`), the read of one record by its key is a locking read (`FOR UPDATE`): the core reads a record
 * before it updates or deletes it, and InnoDB's plain reads see the snapshot, so two concurrent writes would both
 * read the same version and the second overwrite the first. Any other statement is run as it is.
 */
export function toMysqlStatement(text: string, params: readonly unknown[], inTransaction: boolean): MysqlStatement {
  if (inTransaction && SELECT_BY_KEY.test(text)) return { text: `${text} FOR UPDATE`, params };
  const update = UPDATE_RETURNING.exec(text);
  if (update) {
    const [, table, sets, key, list] = update as unknown as [string, string, string, string, string];
    return {
      text: `UPDATE ${table} SET ${sets} WHERE ${key} = ?`,
      params,
      readBack: { text: `SELECT ${list} FROM ${table} WHERE ${key} = ?`, params: params.slice(-1) },
    };
  }
  return { text: text.replace(DEFAULT_VALUES, 'INSERT INTO $1 () VALUES ()'), params };
}
