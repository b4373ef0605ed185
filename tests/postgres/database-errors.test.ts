/**
 * Faults that are not the client's (a statement timeout or cancellation, a serialization failure, a deadlock, too many
 * connections) answer 503 with `retry-after`, never a 500; the mapping of constraint errors holds for errors that
 * carry less than the server usually gives (no detail, another table, no catalog).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, errorResponse, isHttpError } from '../../src/index';
import { isWriteConflictError } from '../../src/kit/index';
import { createPostgresRepository, type SqlClient } from '../../src/postgres/index';
import { createWriteErrorMapper } from '../../src/postgres/constraint-error';
import { postgresFaultOf, toRetryableError } from '../../src/postgres/database-error';
import { DATABASE_URL, testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string() }),
  filterable: ['text'],
});

const withCode = (code: unknown, extra: object = {}) => Object.assign(new Error('failed'), { code }, extra);

describe('postgresFaultOf on a statement that failed (transient, or not)', () => {
  it.each([
    ['a statement timeout or cancellation', '57014', true],
    ['a lock timeout', '55P03', true],
    ['a serialization failure', '40001', true],
    ['a deadlock', '40P01', true],
    ['too many connections', '53300', true],
    ['a unique violation', '23505', false],
    ['an empty code', '', false],
    ['a code in lower case', '40p01', false],
    ['a numeric code', 40001, false],
    ['a code with a NUL', '57014\u0000', false],
    ['__proto__', '__proto__', false],
  ])('answers for %s', (_name, code, expected) => {
    expect(postgresFaultOf(withCode(code)) !== undefined).toBe(expected);
  });

  it.each([null, undefined, 'string', 57014, Object.create(null) as object])('is false for %s', (value) => {
    expect(postgresFaultOf(value)).toBeUndefined();
  });
});

describe('toRetryableError', () => {
  it.each(['57014', '40001', '40P01', '53300', '55P03', 'ECONNREFUSED', '57P01'])(
    'turns %s into a 503 with retry-after and a masked message',
    (code) => {
      const cause = withCode(code, { message: 'canceling statement due to statement timeout' });
      const error = toRetryableError(cause);
      expect(isHttpError(error) && error.statusCode).toBe(503);
      expect((error as Error).cause).toBe(cause);
      const response = errorResponse(error, { headers: {} });
      expect(response.headers['retry-after']).toBe('1');
      expect(JSON.stringify(response.body)).not.toContain('statement');
    },
  );

  it('returns any other error as it is', () => {
    const error = withCode('42P01');
    expect(toRetryableError(error)).toBe(error);
  });

  it.each([
    ['40P01', true],
    ['40001', true],
    ['57014', false],
    ['55P03', false],
    ['53300', false],
    ['ECONNRESET', false],
  ])('marks %s as a write conflict the service may retry: %s', (code, conflict) => {
    expect(isWriteConflictError(toRetryableError(withCode(code)))).toBe(conflict);
  });
});

describe('createWriteErrorMapper', () => {
  const map = createWriteErrorMapper({
    resource: { name: 'people', idField: 'id' },
    tableName: 'people',
    fieldOfColumn: (column) => ({ email: 'email', given_name: 'givenName', 'odd col': 'odd' })[column],
    facts: () => Promise.resolve(undefined),
  });
  const context = { operation: 'create' as const, id: 'p1' };

  it.each([
    [
      'a detail naming the column',
      { code: '23505', table: 'people', detail: 'Key (email)=(a) already exists.' },
      409,
      ['email: the value already exists'],
    ],
    [
      'a mapped column name',
      { code: '23505', table: 'people', detail: 'Key (given_name)=(x)' },
      409,
      ['givenName: the value already exists'],
    ],
    [
      'a quoted column name',
      { code: '23505', table: 'people', detail: 'Key ("odd col")=(x)' },
      409,
      ['odd: the value already exists'],
    ],
    [
      'a translated detail',
      { code: '23505', table: 'people', detail: 'Schlüssel »(email)=(a)« existiert bereits.' },
      409,
      ['email: the value already exists'],
    ],
    ['no detail', { code: '23505', table: 'people' }, 409, ['a people record with these values already exists']],
    [
      'a column no field maps to',
      { code: '23505', table: 'people', detail: 'Key (secret)=(x)' },
      409,
      ['a people record with these values already exists'],
    ],
    [
      'a value with parentheses',
      { code: '23505', table: 'people', detail: 'Key (email)=((a)=(b)) already exists.' },
      409,
      ['email: the value already exists'],
    ],
    [
      'another table (a trigger)',
      { code: '23505', table: 'audit', detail: 'Key (email)=(a)' },
      409,
      ['a people record with these values already exists'],
    ],
    [
      'a not-null column',
      { code: '23502', table: 'people', column: 'given_name' },
      400,
      ['givenName: a value is required'],
    ],
    [
      'a not-null column of no field',
      { code: '23502', table: 'people', column: '__proto__' },
      400,
      ['a required value is missing'],
    ],
    [
      'a check without catalog',
      { code: '23514', table: 'people', constraint: 'people_check' },
      400,
      ['the record breaks a rule of the stored data'],
    ],
    ['a data error without parameter', { code: '22P02' }, 400, ['the value is not valid']],
    [
      'a data error on an unknown parameter',
      { code: '22007', where: "unnamed portal parameter $9 = '...'" },
      400,
      ['the date or time is not valid'],
    ],
  ])('maps %s', async (_name, fields, status, message) => {
    const raw = withCode(undefined, fields);
    const error = await map(raw, context);
    expect(isHttpError(error) && [error.statusCode, error.message, (error as Error).cause]).toEqual([
      status,
      message,
      raw,
    ]);
  });

  it.each([
    ['a syntax error', withCode('42601')],
    ['a string', 'boom'],
    ['null', null],
    ['an error without code', new Error('x')],
    ['a code that is a prototype key', withCode('constructor')],
    ['a code __proto__', withCode('__proto__')],
    ['a code toString', withCode('toString')],
  ])('returns %s as it is', async (_name, raw) => {
    expect(await map(raw, context)).toBe(raw);
  });
});

/** Raises `code` from a trigger of the table: a real database error of that SQLSTATE on every leg. */
function raisingTable(table: string, code: string): string {
  return `
    CREATE TABLE ${table} (id text PRIMARY KEY, text text NOT NULL);
    INSERT INTO ${table} VALUES ('x', 'kept');
    CREATE FUNCTION ${table}_raise() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'raised' USING ERRCODE = '${code}'; END $$;
    CREATE TRIGGER ${table}_raise BEFORE INSERT OR UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_raise();
  `;
}

for (const [leg, open] of testDatabases()) {
  describe(`createPostgresRepository on ${leg}: faults that are not the client's`, () => {
    let db: TestDatabase;
    const tables: string[] = [];
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db.dropTables(tables);
      await db.close();
    }, 120_000);

    it.each(['57014', '40001', '40P01', '53300'])('answers 503 with retry-after for %s', async (code) => {
      const table = uniqueTable(`raise_${code.toLowerCase()}`);
      tables.push(table);
      await db.exec(raisingTable(table, code));
      const repository = createPostgresRepository(notes, { client: db.client, table });
      for (const write of [() => repository.create({ text: 'a' }), () => repository.delete('x')]) {
        const error: unknown = await write().catch((caught: unknown) => caught);
        expect(isHttpError(error) && [error.statusCode, error.headers['retry-after']]).toEqual([503, '1']);
        expect(((error as Error).cause as { code?: string }).code).toBe(code);
      }
    });
  });
}

/** A real error of SQLSTATE `code`, raised by the database on the connection it runs on. */
const raise = (code: string) => `DO $$ BEGIN RAISE EXCEPTION 'cut short' USING ERRCODE = '${code}'; END $$`;

for (const [leg, open] of testDatabases()) {
  describe(`createPostgresRepository on ${leg}: a transaction aborted by a fault that is not the client's`, () => {
    let db: TestDatabase;
    const table = uniqueTable('aborted_notes');
    beforeAll(async () => {
      db = await open();
      await db.exec(`CREATE TABLE ${table} (id text PRIMARY KEY, text text NOT NULL)`);
    }, 120_000);
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    }, 120_000);

    it.each(['57014', '40P01', '55P03'])(
      'answers 503 with retry-after for the statements after a swallowed %s (25P02), 500 after another fault',
      async (code) => {
        const repository = createPostgresRepository(notes, { client: db.client, table });
        await repository.list(); // the catalog read, before the transaction
        const statuses = await repository.transaction!(async (tx) => {
          await tx.query!(raise(code)).catch(() => undefined); // a hook that swallows the error
          const bound = tx.repository(repository);
          const calls = [() => bound.create({ text: 'a' }), () => bound.list(), () => tx.query!('SELECT 1')];
          const out: unknown[] = [];
          for (const call of calls) {
            const error: unknown = await call().catch((caught: unknown) => caught);
            out.push(isHttpError(error) ? [error.statusCode, error.headers['retry-after']] : String(error));
          }
          throw Object.assign(new Error('rolled back'), { out });
        }).catch((error: { out?: unknown }) => error.out);
        expect(statuses).toEqual([
          [503, '1'],
          [503, '1'],
          [503, '1'],
        ]);
        const other = await repository.transaction!(async (tx) => {
          await tx.query!(raise('22012')).catch(() => undefined);
          return tx.repository(repository).create({ text: 'b' });
        }).catch((error: unknown) => error);
        expect(isHttpError(other)).toBe(false);
        expect(String((other as { code?: unknown }).code)).toBe('25P02');
      },
    );

    it.each(['57014', '40P01'])(
      'answers 503 when the work caught a %s and resolved, and the transaction could not commit',
      async (code) => {
        const repository = createPostgresRepository(notes, { client: db.client, table });
        const error: unknown = await repository.transaction!(async (tx) => {
          await tx.repository(repository).create({ text: 'lost' });
          await tx.query!(raise(code)).catch(() => undefined);
          return 'done';
        }).catch((caught: unknown) => caught);
        expect(isHttpError(error) && [error.statusCode, error.headers['retry-after']]).toEqual([503, '1']);
        expect((await repository.list({ where: { text: 'lost' } })).total).toBe(0);
      },
    );
  });
}

describe.runIf(DATABASE_URL)('PostgreSQL server: a statement timeout', () => {
  const table = uniqueTable('slow_notes');
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    await client.query(`CREATE TABLE ${table} (id text PRIMARY KEY, text text NOT NULL)`);
    await client.query(`INSERT INTO ${table} VALUES ('n1', 'kept')`);
    // Reads and writes through the view take half a second each: longer than the timeout.
    await client.query(`CREATE VIEW ${table}_slow AS SELECT n.* FROM ${table} n CROSS JOIN pg_sleep(0.5)`);
    await client.query(`CREATE FUNCTION ${table}_sleep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.5); RETURN NEW; END $$`);
    await client.query(`CREATE TRIGGER ${table}_sleep BEFORE INSERT ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${table}_sleep()`);
    await client.query('SET statement_timeout = 50');
  });
  afterAll(async () => {
    await client.query('SET statement_timeout = 0');
    await client.query(`DROP VIEW IF EXISTS ${table}_slow`);
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.query(`DROP FUNCTION IF EXISTS ${table}_sleep`);
    await client.end();
  });

  it('answers 503 with retry-after for a read and a write cut short, and the connection works afterwards', async () => {
    const sqlClient = client as unknown as SqlClient;
    const slow = createPostgresRepository(notes, { client: sqlClient, table: `${table}_slow` });
    const repository = createPostgresRepository(notes, { client: sqlClient, table });
    for (const call of [() => slow.get('n1'), () => slow.list(), () => repository.create({ text: 'late' })]) {
      const error: unknown = await call().catch((caught: unknown) => caught);
      expect(isHttpError(error) && [error.statusCode, error.headers['retry-after']]).toEqual([503, '1']);
      expect(((error as Error).cause as { code?: string }).code).toBe('57014');
    }
    await expect(repository.get('n1')).resolves.toEqual({ id: 'n1', text: 'kept' });
    expect((await repository.list()).total).toBe(1);
  });
});
