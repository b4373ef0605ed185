/**
 * The same fault answers the same status and envelope on every store (issue 33): each row gives the error each
 * driver raises for one fault (PostgreSQL's SQLSTATE and fields, MariaDB's `errno` and message, SQLite's message), and
 * each dialect's reader, through the SQL engine's one mapping, must answer what PostgreSQL answers: a broken constraint
 * or a value a column cannot hold (with the batch item named first), a conflict or an unavailable database.
 */
import { describe, expect, it } from 'vitest';
import { errorResponse, isHttpError } from '../../src/index';
import { isWriteConflictError } from '../../src/kit/index';
import { createWriteErrorMapper } from '../../src/postgres/constraint-error';
import { POSTGRES_SQL_DIALECT } from '../../src/postgres/postgres-sql-dialect';
import { withUniqueKeys } from '../../src/drizzle/mysql-keys';
import { MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';
import { SQLITE_SQL_DIALECT } from '../../src/drizzle/sql/index';
import { toFaultError, toWriteError, type SqlErrorTable, type SqlWrite } from '../../src/sql/index';
import type { TableFacts } from '../../src/postgres/table-facts';

const FIELDS: Readonly<Record<string, string>> = {
  id: 'id',
  c_title: 'title',
  c_isbn: 'isbn',
  c_pages: 'pages',
  c_author_id: 'authorId',
  code: 'code',
};
const TABLE: SqlErrorTable = {
  resource: { name: 'books', idField: 'id' },
  tableName: 'books',
  fieldOf: (column) => (Object.hasOwn(FIELDS, column) ? FIELDS[column] : undefined),
};
const FACTS: TableFacts = {
  constraints: new Map([
    ['books_pkey', ['id']],
    ['books_isbn_key', ['c_isbn']],
  ]),
  referencedBy: new Map([['loans.loans_code_fkey', ['code']]]),
  maxLength: new Map([['c_title', 5]]),
  numericBound: new Map(),
};
const postgres = createWriteErrorMapper({
  resource: TABLE.resource,
  tableName: TABLE.tableName,
  fieldOfColumn: TABLE.fieldOf,
  facts: () => Promise.resolve(FACTS),
});
const mariaDb = withUniqueKeys(
  MYSQL_SQL_DIALECT,
  'books',
  new Map([
    ['PRIMARY', ['id']],
    ['books_isbn_key', ['c_isbn']],
  ]),
);

const CREATE: SqlWrite = { operation: 'create', id: 'b1', record: { id: 'b1', title: 'too long' } };
const UPDATE: SqlWrite = { operation: 'update', id: 'b1', paramFields: new Map([[3, 'pages']]) };
const DELETE: SqlWrite = { operation: 'delete', id: 'b1' };
const pg = (code: string, fields: object = {}) => Object.assign(new Error('pg'), { code }, fields);
const my = (errno: number, sqlMessage: string) => Object.assign(new Error(sqlMessage), { errno, sqlMessage });

interface Row {
  readonly fault: string;
  readonly write: SqlWrite;
  readonly postgres: unknown;
  readonly mariaDb: unknown;
  /** SQLite's error, where SQLite can break the rule at all (no lengths, no ranges; a STRICT table's types). */
  readonly sqlite?: unknown;
  readonly answer: readonly [number, string | readonly string[]];
}

const ROWS: readonly Row[] = [
  {
    fault: 'a duplicate id',
    write: CREATE,
    postgres: pg('23505', { table: 'books', constraint: 'books_pkey' }),
    mariaDb: my(1062, "Duplicate entry 'b1' for key 'PRIMARY'"),
    sqlite: new Error('UNIQUE constraint failed: books.id'),
    answer: [409, 'books: the id is taken'],
  },
  {
    fault: 'a unique value',
    write: CREATE,
    postgres: pg('23505', { table: 'books', constraint: 'books_isbn_key' }),
    mariaDb: my(1062, "Duplicate entry 'x' for key 'books_isbn_key'"),
    sqlite: new Error('UNIQUE constraint failed: books.c_isbn'),
    answer: [409, ['isbn: the value already exists']],
  },
  {
    fault: 'a reference to no record',
    write: CREATE,
    postgres: pg('23503', { table: 'books', detail: 'Key (c_author_id)=(x) is not present in table "authors".' }),
    mariaDb: my(
      1452,
      'Cannot add or update a child row: a foreign key constraint fails (`db`.`books`, CONSTRAINT `fk` FOREIGN KEY ' +
        '(`c_author_id`) REFERENCES `authors` (`id`))',
    ),
    answer: [409, ['authorId: refers to a record that does not exist']],
  },
  {
    fault: "a change of a value other records refer to (another table's key)",
    write: UPDATE,
    postgres: pg('23503', { table: 'loans', constraint: 'loans_code_fkey' }),
    mariaDb: my(
      1451,
      'Cannot delete or update a parent row: a foreign key constraint fails (`db`.`loans`, CONSTRAINT ' +
        '`loans_code_fkey` FOREIGN KEY (`book_code`) REFERENCES `books` (`code`))',
    ),
    answer: [409, ['code: other records refer to the current value']],
  },
  {
    fault: 'a delete of a record other records refer to',
    write: DELETE,
    postgres: pg('23503', { table: 'loans', constraint: 'loans_code_fkey' }),
    mariaDb: my(1451, 'Cannot delete or update a parent row: a foreign key constraint fails'),
    sqlite: new Error('FOREIGN KEY constraint failed'),
    answer: [409, 'books "b1" cannot be deleted: other records refer to it'],
  },
  {
    fault: 'a missing required value',
    write: CREATE,
    postgres: pg('23502', { table: 'books', column: 'c_title' }),
    mariaDb: my(1048, "Column 'c_title' cannot be null"),
    sqlite: new Error('NOT NULL constraint failed: books.c_title'),
    answer: [400, ['title: a value is required']],
  },
  {
    fault: 'a value too long for its column',
    write: CREATE,
    postgres: pg('22001'),
    mariaDb: my(1406, "Data too long for column 'c_title' at row 1"),
    answer: [400, ['title: the value is too long']],
  },
  {
    fault: 'a number out of range',
    write: UPDATE,
    postgres: pg('22003', { where: "unnamed portal parameter $3 = '...'" }),
    mariaDb: my(1264, "Out of range value for column 'c_pages' at row 1"),
    answer: [400, ['pages: the number is out of range']],
  },
  {
    fault: 'a value its column cannot hold',
    write: UPDATE,
    postgres: pg('22P02', { where: "unnamed portal parameter $3 = '...'" }),
    mariaDb: my(1366, "Incorrect integer value: 'abc' for column `db`.`books`.`c_pages` at row 1"),
    sqlite: new Error('cannot store TEXT value in INTEGER column books.c_pages'),
    answer: [400, ['pages: the value is not valid']],
  },
  {
    fault: 'a unique value of batch item 56',
    write: { ...CREATE, item: 56 },
    postgres: pg('23505', { table: 'books', constraint: 'books_isbn_key' }),
    mariaDb: my(1062, "Duplicate entry 'x' for key 'books_isbn_key'"),
    sqlite: new Error('UNIQUE constraint failed: books.c_isbn'),
    answer: [409, ['items[56].isbn: the value already exists']],
  },
  {
    fault: 'a value too long in batch item 56',
    write: { ...CREATE, item: 56 },
    postgres: pg('22001'),
    mariaDb: my(1406, "Data too long for column 'c_title' at row 1"),
    answer: [400, ['items[56].title: the value is too long']],
  },
  {
    fault: 'a duplicate id in batch item 56 (named by the id, not the item)',
    write: { ...CREATE, item: 56 },
    postgres: pg('23505', { table: 'books', constraint: 'books_pkey' }),
    mariaDb: my(1062, "Duplicate entry 'b1' for key 'PRIMARY'"),
    sqlite: new Error('UNIQUE constraint failed: books.id'),
    answer: [409, 'books: the id is taken'],
  },
];

/** The status and message of an answer, and its cause. */
const shapeOf = (answer: unknown) => (isHttpError(answer) ? [answer.statusCode, answer.message] : answer);

describe('the write errors of every dialect', () => {
  it.each(ROWS)('answers $fault alike on PostgreSQL, MariaDB and SQLite', async (row) => {
    const answers = {
      PostgreSQL: await postgres(row.postgres, row.write),
      MariaDB: toWriteError(mariaDb.constraintViolation(row.mariaDb), row.mariaDb, TABLE, row.write),
      ...(row.sqlite !== undefined && {
        SQLite: toWriteError(SQLITE_SQL_DIALECT.constraintViolation(row.sqlite), row.sqlite, TABLE, row.write),
      }),
    };
    for (const [store, answer] of Object.entries(answers)) {
      expect([store, shapeOf(answer)]).toEqual([store, row.answer]);
    }
    expect((answers.MariaDB as Error).cause).toBe(row.mariaDb);
  });
});

interface FaultRow {
  readonly fault: string;
  readonly postgres: unknown;
  readonly mariaDb: unknown;
  readonly sqlite?: unknown;
  readonly conflict: boolean;
}

const FAULTS: readonly FaultRow[] = [
  {
    fault: 'a deadlock',
    postgres: pg('40P01'),
    mariaDb: my(1213, 'Deadlock found when trying to get lock'),
    sqlite: Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    conflict: true,
  },
  { fault: 'a serialization failure', postgres: pg('40001'), mariaDb: my(1213, 'Deadlock'), conflict: true },
  { fault: 'a lock wait timeout', postgres: pg('55P03'), mariaDb: my(1205, 'Lock wait timeout'), conflict: false },
  {
    fault: 'a statement timeout',
    postgres: pg('57014'),
    mariaDb: my(1969, 'Query execution was interrupted'),
    conflict: false,
  },
  { fault: 'too many connections', postgres: pg('53300'), mariaDb: my(1040, 'Too many connections'), conflict: false },
  {
    fault: 'a server shutting down',
    postgres: pg('57P01', { message: 'terminating connection due to administrator command' }),
    mariaDb: my(1053, 'Server shutdown in progress'),
    conflict: false,
  },
  {
    fault: 'a refused connection',
    postgres: pg('ECONNREFUSED'),
    mariaDb: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', errno: -111 }),
    conflict: false,
  },
  {
    fault: 'an unknown host',
    postgres: pg('ENOTFOUND'),
    mariaDb: Object.assign(new Error('getaddrinfo ENOTFOUND db'), { code: 'ENOTFOUND', errno: -3008 }),
    conflict: false,
  },
  {
    fault: 'an unreachable host',
    postgres: pg('EHOSTUNREACH'),
    mariaDb: Object.assign(new Error('connect EHOSTUNREACH'), { code: 'EHOSTUNREACH', errno: -113 }),
    conflict: false,
  },
  {
    fault: 'a lost connection',
    postgres: new Error('Connection terminated unexpectedly'),
    mariaDb: Object.assign(new Error('Connection lost: The server closed the connection.'), {
      code: 'PROTOCOL_CONNECTION_LOST',
    }),
    conflict: false,
  },
];

/** What a client sees of an answer: the status, `retry-after`, the body's message and name; and whether it may rerun. */
function seen(answer: unknown) {
  const { statusCode, headers, body } = errorResponse(answer, { headers: {} });
  return [statusCode, headers['retry-after'], body.message, body.error, isWriteConflictError(answer)];
}

describe('the faults of every dialect', () => {
  it.each(FAULTS)('answers $fault with a 503 alike on PostgreSQL, MariaDB and SQLite', (row) => {
    const expected = seen(toFaultError(row.postgres, POSTGRES_SQL_DIALECT));
    expect(expected.slice(0, 2)).toEqual([503, '1']);
    expect(expected[4]).toBe(row.conflict);
    expect(seen(toFaultError(row.mariaDb, MYSQL_SQL_DIALECT))).toEqual(expected);
    if (row.sqlite !== undefined) expect(seen(toFaultError(row.sqlite, SQLITE_SQL_DIALECT))).toEqual(expected);
  });
});
