/**
 * A lost or refused database connection is a 503 with a masked message, never a 500 that looks like a bug, and the
 * repository recovers once the connection is back; any other database error stays what it was.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, errorResponse, isHttpError } from '../../src/index';
import { createPostgresRepository, createTableSql, type SqlClient } from '../../src/postgres/index';
import { postgresFaultOf, toRetryableError } from '../../src/postgres/database-error';
import { DATABASE_URL, uniqueTable } from './pg-clients';

const notes = defineResource({
  name: 'notes',
  schema: z.object({ id: z.string(), text: z.string() }),
  filterable: ['text'],
  sortable: ['text'],
});

function failing(error: unknown): SqlClient {
  return {
    async query() {
      throw error;
    },
  };
}

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('postgresFaultOf on a connection failure', () => {
  it.each([
    ['a terminated backend (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server shutting down (57P02)', withCode('57P02')],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection exception (08006)', withCode('08006')],
    ['a refused socket', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', withCode('ECONNRESET')],
    ['a terminated node-postgres connection', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ])('is unavailable for %s', (_name, error) => {
    expect(postgresFaultOf(error)).toBe('unavailable');
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a numeric code', { code: 8006 }],
    ['a string', 'Connection terminated'],
    ['null', null],
    ['a message that only contains the words', new Error('oops: Connection terminated')],
  ])('is no fault for %s', (_name, error) => {
    expect(postgresFaultOf(error)).toBeUndefined();
  });
});

describe('toRetryableError on connection failures', () => {
  it('turns a connection failure into a 503 that keeps the cause out of the body', () => {
    const cause = withCode('57P01', 'terminating connection due to administrator command');
    const error = toRetryableError(cause);
    expect(isHttpError(error) && error.statusCode).toBe(503);
    expect((error as Error).cause).toBe(cause);
    const response = errorResponse(error, { headers: {} });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.body.message).toBe('Service Unavailable');
    expect(JSON.stringify(response.body)).not.toContain('administrator');
  });

  it('returns any other error as it is', () => {
    const error = withCode('23505');
    expect(toRetryableError(error)).toBe(error);
  });
});

describe('createPostgresRepository on a lost connection', () => {
  it('answers every operation with a 503', async () => {
    const repository = createPostgresRepository(notes, {
      client: failing(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
    });
    const operations = [
      () => repository.create({ text: 'a' }),
      () => repository.get('x'),
      () => repository.update('x', { text: 'b' }),
      () => repository.delete('x'),
      () => repository.list({ where: { text: { cont: 'a' } } }),
      () => repository.listByCursor(),
    ];
    for (const operation of operations) {
      const error: unknown = await operation().catch((caught: unknown) => caught);
      expect(isHttpError(error) && error.statusCode).toBe(503);
    }
  });

  it('keeps a statement error a plain error (masked as 500 at the edge)', async () => {
    const cause = withCode('42P01', 'relation "notes" does not exist');
    const repository = createPostgresRepository(notes, { client: failing(cause) });
    await expect(repository.get('x')).rejects.toBe(cause);
  });
});

describe.runIf(DATABASE_URL)('PostgreSQL server: a terminated connection', () => {
  it('fails with a 503 and recovers on the next call', async () => {
    const table = uniqueTable('lost_connection');
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1, application_name: table });
    pool.on('error', () => undefined); // an idle client killed by the server must not crash the process
    try {
      await pool.query(createTableSql(notes, { table }));
      const repository = createPostgresRepository(notes, { client: pool as unknown as SqlClient, table });
      const created = await repository.create({ text: 'kept' });
      // Check the one pooled client out, so that it is busy (not idle) when the server ends its session.
      const held = await pool.connect();
      held.on('error', () => undefined); // a checked-out client reports its lost session here as well
      const heldRepository = createPostgresRepository(notes, { client: held as unknown as SqlClient, table });
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [table]);
      const error: unknown = await heldRepository.get(created.id).catch((caught: unknown) => caught);
      expect(isHttpError(error) && error.statusCode).toBe(503);
      held.release(true);
      await expect(repository.get(created.id)).resolves.toEqual(created);
    } finally {
      await pool.query(`DROP TABLE IF EXISTS "${table}"`).catch(() => undefined);
      await pool.end();
      await admin.end();
    }
  });
});
