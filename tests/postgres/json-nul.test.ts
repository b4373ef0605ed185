/**
 * A JSON value bound for a `jsonb` column: a NUL character in it (PostgreSQL's jsonb cannot hold `\u0000`) is a 400
 * naming the field before any SQL runs, and the text `\u0000` (a backslash, then `u0000`: no NUL) is written and read
 * back as it is. On PGlite, and on the server when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { messagesOf } from './existing-schema';
import { testDatabases, uniqueTable, type TestDatabase } from './pg-clients';

const notes = defineResource({ name: 'notes', schema: z.object({ id: z.string(), meta: z.json() }) });

for (const [name, open] of testDatabases()) {
  describe(`createPostgresRepository on a jsonb column on ${name}`, () => {
    let db: TestDatabase;
    const table = uniqueTable('notes');
    let repository: ReturnType<typeof createPostgresRepository<z.output<typeof notes.schema>>>;
    beforeAll(async () => {
      db = await open();
      await db.exec(createTableSql(notes, { table }));
      repository = createPostgresRepository(notes, { client: db.client, table });
    }, 60_000);
    afterAll(async () => {
      await db.dropTables([table]);
      await db.close();
    });

    it.each([
      ['a backslash then u0000', { path: 'C:\\u0000' }],
      ['three backslashes then u0000', { path: '\\\\\\u0000' }],
      ['a key of a backslash then u0000', { 'k\\u0000': [1, 'x'] }],
    ])('writes and reads back %s', async (_case, meta) => {
      const id = `n${Object.keys(meta)[0]?.length ?? 0}${JSON.stringify(meta).length}`;
      expect(await repository.create({ id, meta })).toEqual({ id, meta });
      expect(await repository.get(id)).toEqual({ id, meta });
    });

    it.each([
      ['a NUL in a value', { path: 'a\u0000b' }],
      ['a NUL after a backslash', { path: '\\\u0000' }],
      ['a NUL in a key', { 'k\u0000': 1 }],
      ['a NUL deep in an array', [1, [2, ['\u0000']]]],
      ['a NUL string', '\u0000'],
    ])('refuses %s with a 400 naming the field', async (_case, meta) => {
      expect(await messagesOf(() => repository.create({ id: 'bad', meta }))).toEqual([
        'meta: must not contain a NUL character',
      ]);
    });
  });
}
