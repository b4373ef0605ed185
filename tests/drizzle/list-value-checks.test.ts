/**
 * The list filter values of the Drizzle repository on SQLite (sql.js) and MariaDB (with MYSQL_URL) are checked against
 * their columns' kinds before any SQL runs, as PostgreSQL's are (issue 33): a value the column cannot hold (a
 * fraction on an integer column, an integer out of its range, an instant past midnight on a day column, text that is
 * no uuid on a UUID column) is the same 400 naming the parameter on every store, in a filter, in an OR group and in a
 * transaction (text longer than its column on a field whose schema has no bound too), where a store that compared it
 * would answer another page than PostgreSQL's 400.
 */
import { customType, date, int, mysqlTable, varchar } from 'drizzle-orm/mysql-core';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, defineResource, parseListQuery, type Repository } from '../../src/index';
import { createDrizzleRepository } from '../../src/drizzle/index';
import { EMBEDDED_LEGS, uniqueTable } from '../postgres/pg-clients';
import { declareMissingMariaDb, MYSQL_URL, openMysql, type MysqlLeg } from './mysql-leg';
import { openSqlite, type SqliteLeg } from './sqlite-legs';

const readings = defineResource({
  name: 'readings',
  schema: z.object({ id: z.string(), n: z.number(), code: z.string() }),
  filterable: ['n', 'code'],
});
type Reading = z.output<typeof readings.schema>;

const RECORDS: readonly Reading[] = [
  { id: 'r1', n: 1, code: 'a' },
  { id: 'r2', n: 2, code: 'b' },
];

/** The status and message `work` rejects with, or the ids of the page it resolves. */
const answerOf = (work: Promise<{ readonly items: readonly { readonly id: unknown }[] }>) =>
  work.then(
    (page) => page.items.map((item) => item.id),
    (error: unknown) => (error instanceof HttpError ? [error.statusCode, error.message] : error),
  );

/** The message of an integer column of `bytes` bytes refusing an integer out of its range. */
const outOfRange = (bytes: 4 | 8) =>
  `must be an integer from ${String(-(2n ** BigInt(bytes * 8 - 1)))} to ${String(2n ** BigInt(bytes * 8 - 1) - 1n)}`;

/** The checks of an integer column of `bytes` bytes every leg passes. */
function describeIntegerChecks(open: () => Promise<Repository<Reading>>, bytes: 4 | 8): void {
  it('answers a filter value its integer column cannot hold with a 400 naming the parameter', async () => {
    const repository = await open();
    expect(await answerOf(repository.list(parseListQuery('n[eq]=2', readings)))).toEqual(['r2']);
    expect(await answerOf(repository.list(parseListQuery('n[eq]=1.5', readings)))).toEqual([
      400,
      ['n[eq]: must be an integer'],
    ]);
    expect(await answerOf(repository.list(parseListQuery('n[gt]=1e20', readings)))).toEqual([
      400,
      [`n[gt]: ${outOfRange(bytes)}`],
    ]);
    expect(await answerOf(repository.list({ where: { code: { in: ['a', 'abcde'] } } }))).toEqual([
      400,
      ['code[in]: must be at most 4 characters'],
    ]);
  });

  it('answers a bad value in an OR group with a 400, whatever the other groups match', async () => {
    const repository = await open();
    expect(await answerOf(repository.list({ where: [{ n: 1 }, { n: { lte: 2.5 } }] }))).toEqual([
      400,
      ['n[lte]: must be an integer'],
    ]);
  });

  it('answers a bad value in a transaction with a 400, through tx.repository', async () => {
    const repository = await open();
    const transaction = repository.transaction?.bind(repository);
    if (!transaction) throw new Error('the repository has no transaction');
    const answer = await transaction((tx) => answerOf(tx.repository(repository).list({ where: { n: 0.5 } })));
    expect(answer).toEqual([400, ['n[eq]: must be an integer']]);
    expect(await answerOf(transaction((tx) => tx.repository(repository).list({ where: { n: 1 } })))).toEqual(['r1']);
  });
}

// Under PAGELOPE_LEGS=servers (the servers project) the embedded leg ran already in npm test.
describe.runIf(EMBEDDED_LEGS)('SQLite (sql.js)', () => {
  let leg: SqliteLeg | undefined;
  afterAll(() => leg?.close());
  let repository: Repository<Reading> | undefined;
  describeIntegerChecks(async () => {
    if (repository) return repository;
    leg = await openSqlite();
    await leg.exec('CREATE TABLE readings (id TEXT PRIMARY KEY, n INTEGER NOT NULL, code TEXT NOT NULL)');
    const table = sqliteTable('readings', {
      id: text('id').primaryKey(),
      n: integer('n').notNull(),
      code: text('code', { length: 4 }).notNull(),
    });
    repository = createDrizzleRepository(readings, { db: leg.db, table });
    for (const record of RECORDS) await repository.create(record);
    return repository;
  }, 8);
});

/** A native MariaDB `UUID` column, the uuid's text both ways. */
const uuid = customType<{ data: string; driverData: string }>({ dataType: () => 'uuid' });

const days = defineResource({
  name: 'days',
  schema: z.object({ id: z.string(), day: z.date(), dayText: z.iso.date(), ref: z.string() }),
  filterable: ['day', 'dayText', 'ref'],
});

describe('MariaDB server', () => {
  const url = MYSQL_URL;
  if (!url) {
    declareMissingMariaDb();
    return;
  }
  let leg: MysqlLeg | undefined;
  const tables: string[] = [];
  afterAll(async () => {
    await leg?.dropTables(tables);
    await leg?.close();
  });
  const opened = async (ddl: (name: string) => string) => {
    leg ??= await openMysql(url);
    const name = uniqueTable('dz_checks');
    tables.push(name);
    await leg.exec(ddl(name));
    return { db: leg.db, name };
  };
  let repository: Repository<Reading> | undefined;
  describeIntegerChecks(async () => {
    if (repository) return repository;
    const { db, name } = await opened(
      (table) => `CREATE TABLE \`${table}\` (id VARCHAR(8) PRIMARY KEY, n INT NOT NULL, code VARCHAR(4) NOT NULL)`,
    );
    const table = mysqlTable(name, {
      id: varchar('id', { length: 8 }).primaryKey(),
      n: int('n').notNull(),
      code: varchar('code', { length: 4 }).notNull(),
    });
    repository = createDrizzleRepository(readings, { db, table });
    for (const record of RECORDS) await repository.create(record);
    return repository;
  }, 4);

  it('answers an instant past midnight on a day column, and text that is no uuid on a UUID column, with a 400', async () => {
    const { db, name } = await opened(
      (table) =>
        `CREATE TABLE \`${table}\` (id VARCHAR(8) PRIMARY KEY, day DATE NOT NULL, dayText DATE NOT NULL, ref UUID NOT NULL)`,
    );
    const table = mysqlTable(name, {
      id: varchar('id', { length: 8 }).primaryKey(),
      day: date('day', { mode: 'date' }).notNull(),
      dayText: date('dayText', { mode: 'string' }).notNull(),
      ref: uuid('ref').notNull(),
    });
    const repository = createDrizzleRepository(days, { db, table });
    const ref = '7e57a000-0000-4000-8000-000000000001';
    await repository.create({ id: 'd1', day: new Date('2024-01-02T00:00:00Z'), dayText: '2024-01-02', ref });
    const list = (text: string) => answerOf(repository.list(parseListQuery(text, days)));
    expect(await list('day[gte]=2024-01-02T00:00:00Z')).toEqual(['d1']);
    expect(await list('day[gte]=2024-01-02T10:00:00Z')).toEqual([
      400,
      ['day[gte]: must be a midnight UTC: the column holds days'],
    ]);
    expect(await list(`ref[eq]=${ref}`)).toEqual(['d1']);
    expect(await list('ref[eq]=nope')).toEqual([400, ['ref[eq]: must be a uuid']]);
  });
});
