/**
 * MYSQL_SQL_DIALECT: the SQL pieces of MariaDB, and the errors it reads; against the server of MYSQL_URL where the
 * answer is the server's (order, the errors it raises, dates that round-trip).
 */
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCodePoints } from 'pagelope/kit';
import { CHARS } from '../../src/testing/arbitraries';
import { MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';
import { inCodePointOrder } from '../../src/drizzle/mysql-text-columns';
import { MARIADB_RUNNERS, type DrizzleMySqlDatabase } from '../../src/drizzle/mysql-runner';
import type { SqlRunner } from '../../src/drizzle/sql/index';
import { uniqueTable } from '../postgres/pg-clients';
import { MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';

const dialect = MYSQL_SQL_DIALECT;

describe('MYSQL_SQL_DIALECT', () => {
  it.each([
    { name: 'c_title', quoted: '`c_title`' },
    { name: 'a`b', quoted: '`a``b`' },
    { name: '__proto__', quoted: '`__proto__`' },
    { name: 'ünï 😀', quoted: '`ünï 😀`' },
  ])('quotes $name as $quoted', ({ name, quoted }) => {
    expect(dialect.quoteIdentifier(name)).toBe(quoted);
  });

  it.each([
    { name: 'a deadlock', error: { errno: 1213 }, fault: 'conflict' },
    { name: 'a lock wait timeout', error: { errno: 1205 }, fault: 'unavailable' },
    { name: 'a killed connection', error: { errno: 1927, code: 'ER_CONNECTION_KILLED' }, fault: 'unavailable' },
    { name: 'an interrupted statement', error: { errno: 1317 }, fault: 'unavailable' },
    { name: 'too many connections', error: { errno: 1040 }, fault: 'unavailable' },
    { name: 'a lost connection', error: { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }, fault: 'unavailable' },
    { name: 'a reset socket', error: { code: 'ECONNRESET' }, fault: 'unavailable' },
    { name: 'an unknown host', error: { code: 'ENOTFOUND', errno: -3008 }, fault: 'unavailable' },
    { name: 'an unreachable host', error: { code: 'EHOSTUNREACH', errno: -113 }, fault: 'unavailable' },
    {
      name: 'a command on a closed connection',
      error: new Error("Can't add new command when connection is in closed state"),
      fault: 'unavailable',
    },
    { name: 'a syntax error', error: { errno: 1064 }, fault: undefined },
    { name: 'a duplicate key', error: { errno: 1062 }, fault: undefined },
    { name: 'a string errno', error: { errno: '1927' }, fault: undefined },
    { name: 'null', error: null, fault: undefined },
  ])('reads $name as $fault', ({ error, fault }) => {
    expect(dialect.faultOf(error)).toBe(fault);
  });

  it.each([
    { value: new Date('2024-01-02T03:04:05.678Z'), kind: 'date', driver: '2024-01-02 03:04:05.678' },
    { value: true, kind: 'boolean', driver: 1 },
    { value: false, kind: 'boolean', driver: 0 },
    { value: { a: [1, null] }, kind: 'other', driver: '{"a":[1,null]}' },
    { value: 'text', kind: 'other', driver: '"text"' },
    // Bytes as they are (a customType's driver value), not the JSON text of their indexes.
    { value: new Uint8Array([1, 2]), kind: 'other', driver: new Uint8Array([1, 2]) },
    { value: '2024-02-29', kind: 'isoDate', driver: '2024-02-29' },
    { value: 'a😀', kind: 'string', driver: 'a😀' },
    { value: null, kind: 'string', driver: null },
  ] as const)('returns $driver for $value of a $kind field', ({ value, kind, driver }) => {
    expect(dialect.toDriver(value, kind)).toEqual(driver);
  });

  it.each([
    { driver: '2024-01-02 03:04:05.678', kind: 'date', value: new Date('2024-01-02T03:04:05.678Z') },
    { driver: '2024-01-02 03:04:05', kind: 'date', value: new Date('2024-01-02T03:04:05Z') },
    { driver: '2024-01-02', kind: 'date', value: new Date('2024-01-02T00:00:00Z') },
    { driver: '2024-01-02', kind: 'isoDate', value: '2024-01-02' },
    { driver: 1, kind: 'boolean', value: true },
    { driver: 0, kind: 'boolean', value: false },
    { driver: '12.50', kind: 'number', value: 12.5 },
    { driver: { a: 1 }, kind: 'other', value: { a: 1 } },
    { driver: 'abc', kind: 'other', value: 'abc' },
  ] as const)('reads $driver of a $kind field as $value', ({ driver, kind, value }) => {
    expect(dialect.fromDriver(driver, kind)).toEqual(value);
  });

  it.each([
    { errno: 1062, sqlMessage: "Duplicate entry 'a' for key 'PRIMARY'", violation: { kind: 'unique' } },
    {
      errno: 1452,
      sqlMessage:
        'Cannot add or update a child row: a foreign key constraint fails (`db`.`books`, CONSTRAINT `fk` ' +
        'FOREIGN KEY (`c_author_id`) REFERENCES `authors` (`id`))',
      violation: { kind: 'foreign-key', table: 'books', columns: ['c_author_id'] },
    },
    {
      errno: 1451,
      sqlMessage: 'Cannot delete or update a parent row',
      violation: { kind: 'foreign-key', referenced: true },
    },
    {
      errno: 1451,
      sqlMessage:
        'Cannot delete or update a parent row: a foreign key constraint fails (`db`.`books`, CONSTRAINT `fk` ' +
        'FOREIGN KEY (`c_author_id`, `c_x`) REFERENCES `authors` (`id`, `x`))',
      violation: { kind: 'foreign-key', referenced: true, table: 'authors', columns: ['id', 'x'] },
    },
    {
      errno: 1048,
      sqlMessage: "Column 'c_title' cannot be null",
      violation: { kind: 'not-null', columns: ['c_title'] },
    },
    {
      errno: 1364,
      sqlMessage: "Field 'c_n' doesn't have a default value",
      violation: { kind: 'not-null', columns: ['c_n'] },
    },
    { errno: 4025, sqlMessage: 'CONSTRAINT `x` failed for `db`.`t`', violation: { kind: 'check' } },
    {
      errno: 1406,
      sqlMessage: "Data too long for column 's' at row 1",
      violation: { kind: 'value', problem: 'too-long', columns: ['s'] },
    },
    {
      errno: 1264,
      sqlMessage: "Out of range value for column 't' at row 1",
      violation: { kind: 'value', problem: 'out-of-range', columns: ['t'] },
    },
    {
      errno: 1292,
      sqlMessage: "Incorrect datetime value: 'nope' for column `db`.`e1`.`d` at row 1",
      violation: { kind: 'value', problem: 'date-invalid', columns: ['d'] },
    },
    {
      errno: 1366,
      sqlMessage: "Incorrect integer value: 'abc' for column `db`.`e1`.`n` at row 1",
      violation: { kind: 'value', problem: 'invalid', columns: ['n'] },
    },
    {
      errno: 1265,
      sqlMessage: "Data truncated for column 'c' at row 1",
      violation: { kind: 'value', problem: 'invalid', columns: ['c'] },
    },
  ])('reads errno $errno as a $violation.kind violation', ({ errno, sqlMessage, violation }) => {
    expect(dialect.constraintViolation(Object.assign(new Error(sqlMessage), { errno, sqlMessage }))).toEqual(violation);
  });

  it.each([
    { error: new Error('connect ECONNREFUSED') },
    { error: Object.assign(new Error('syntax'), { errno: 1064 }) },
    { error: { errno: '1062', sqlMessage: 'Duplicate entry' } },
    { error: null },
    { error: 'Duplicate entry' },
    { error: Object.create(null) as object },
  ])('reads no violation in $error', ({ error }) => {
    expect(dialect.constraintViolation(error)).toBeUndefined();
  });
});

describe.skipIf(!MYSQL_URL)('MYSQL_SQL_DIALECT on the server', () => {
  let leg: MysqlLeg | undefined;
  let runner: SqlRunner;
  const table = uniqueTable('dialect_probe');
  const q = dialect.quoteIdentifier(table);
  beforeAll(async () => {
    leg = await openMysql(MYSQL_URL ?? '');
    runner = MARIADB_RUNNERS.runnerOf(leg.db as unknown as DrizzleMySqlDatabase);
    // The server's default collation on purpose: the dialect must not depend on the column's.
    await leg.exec(
      `CREATE TABLE ${q} (id INT PRIMARY KEY, s VARCHAR(20) NULL, at DATETIME(3) NULL, ts TIMESTAMP(3) NULL, ` +
        'n TINYINT NULL, CHECK (n >= 0)) DEFAULT CHARSET = utf8mb4',
    );
  });
  afterAll(async () => {
    await leg?.dropTables([table]);
    await leg?.close();
  });

  it('orders text by code point, trailing spaces apart, NULLs as asked', async () => {
    const texts = [...CHARS, 'a ', 'A', '', 'ß', 'ss'];
    await runner.all(`DELETE FROM ${q}`, []);
    const values = texts.map((text, i) => [i, text]);
    await runner.all(
      `INSERT INTO ${q} (id, s) VALUES ${values.map(() => '(?, ?)').join(', ')}, (999, NULL)`,
      values.flat(),
    );
    const s = inCodePointOrder('s', 'collate');
    const read = async (direction: 'asc' | 'desc', nulls: 'first' | 'last') =>
      (await runner.all(`SELECT s FROM ${q} ORDER BY ${dialect.orderTerm(() => s, direction, nulls)}, id`, [])).map(
        (row) => row['s'],
      );
    const ascending = [...texts].sort(compareCodePoints);
    expect(await read('asc', 'last')).toEqual([...ascending, null]);
    expect(await read('desc', 'first')).toEqual([null, ...[...ascending].reverse()]);
    const equal = await runner.all(`SELECT id FROM ${q} WHERE ${s} = ? COLLATE utf8mb4_nopad_bin`, ['a']);
    expect(equal.map((row) => row['id'])).toEqual([0]);
  });

  it('round-trips dates to DATETIME and TIMESTAMP, and writes strictly, whatever the session says', async () => {
    // One connection of its own, in another time zone and no strict mode: the runner queues its statements.
    const connection = await mysql.createConnection({ uri: MYSQL_URL ?? '' });
    try {
      await connection.query("SET SESSION time_zone = '+05:30', sql_mode = ''");
      const own = MARIADB_RUNNERS.runnerOf(drizzle({ client: connection }) as unknown as DrizzleMySqlDatabase);
      const at = new Date('2021-03-28T02:30:00.123Z');
      const text = dialect.toDriver(at, 'date');
      await own.all(`INSERT INTO ${q} (id, at, ts) VALUES (?, ?, ?)`, [2000, text, text]);
      const [row] = await runner.all(`SELECT at, ts FROM ${q} WHERE id = ?`, [2000]);
      expect(dialect.fromDriver(row?.['at'], 'date')).toEqual(at);
      expect(dialect.fromDriver(row?.['ts'], 'date')).toEqual(at);
      await expect(own.all(`INSERT INTO ${q} (id, s) VALUES (3000, ?)`, ['y'.repeat(30)])).rejects.toMatchObject({
        errno: 1406,
      });
    } finally {
      await connection.end();
    }
  });

  it.each([
    {
      sql: 'INSERT INTO {t} (id, s) VALUES (1, ?)',
      params: ['x'.repeat(21)],
      violation: { kind: 'value', problem: 'too-long', columns: ['s'] },
    },
    {
      sql: 'INSERT INTO {t} (id, n) VALUES (1, ?)',
      params: [1000],
      violation: { kind: 'value', problem: 'out-of-range', columns: ['n'] },
    },
    { sql: 'INSERT INTO {t} (id, n) VALUES (1, ?)', params: [-1], violation: { kind: 'check' } },
    {
      sql: 'INSERT INTO {t} (id, at) VALUES (1, ?)',
      params: ['2023-02-30 00:00:00'],
      violation: { kind: 'value', problem: 'date-invalid', columns: ['at'] },
    },
    { sql: 'INSERT INTO {t} (id) VALUES (?), (?)', params: [7, 7], violation: { kind: 'unique' } },
    { sql: 'INSERT INTO {t} (id) VALUES (?)', params: [null], violation: { kind: 'not-null', columns: ['id'] } },
  ])('reads the server refusing `$sql` as a $violation.kind violation', async ({ sql, params, violation }) => {
    const error = await runner.all(sql.replace('{t}', q), params).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(dialect.constraintViolation(error)).toEqual(violation);
  });
});
