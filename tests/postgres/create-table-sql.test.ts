/**
 * createTableSql: its options checked (unknown keys, wrong types: TypeErrors), and with `trigram: true` the pg_trgm
 * extension and one GIN trigram index per searchable field, on the very expression a search compiles to.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';
import { createTableSql } from '../../src/postgres/index';
import { compileSearch } from '../../src/postgres/sql-context';
import { plainContext } from './plain-context';

const schema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), age: z.number() });
const people = defineResource({ name: 'people', schema, sortable: ['age'], searchable: ['name', 'email'] });
const plain = defineResource({ name: 'plain', schema, sortable: ['age'] });

describe('createTableSql', () => {
  it('returns no extension and no trigram index without trigram, or with trigram: false', () => {
    for (const options of [undefined, {}, { trigram: false }, { trigram: undefined }]) {
      const sql = createTableSql(people, options);
      expect(sql).not.toMatch(/pg_trgm|gin/i);
      expect(sql).toContain('CREATE INDEX IF NOT EXISTS "people_age_id_idx" ON "people" ("age", "id");');
    }
  });

  it('returns the extension and one trigram index per searchable field with trigram: true', () => {
    const sql = createTableSql(people, { table: 'app.users', trigram: true });
    expect(sql.split('\n').slice(-3)).toEqual([
      'CREATE EXTENSION IF NOT EXISTS pg_trgm;',
      `CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "app"."users" USING gin ` +
        `((lower(replace("name" COLLATE "default", 'İ', 'i̇'))) gin_trgm_ops);`,
      `CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "app"."users" USING gin ` +
        `((lower(replace("email" COLLATE "default", 'İ', 'i̇'))) gin_trgm_ops);`,
    ]);
  });

  it('returns indexes on exactly the expressions a search compares', () => {
    const sql = createTableSql(people, { trigram: true });
    const indexed = [...sql.matchAll(/USING gin \(\((.+)\) gin_trgm_ops\)/g)].map((m) => m[1]);
    const search = compileSearch(
      { text: 'a', needle: 'a', fields: people.searchable },
      plainContext(people.fields, ['name', 'email']),
    );
    const compared = [...search.matchAll(/(lower\(.+?\)\)) LIKE/g)].map((m) => m[1]);
    expect(indexed).toEqual(compared);
    expect(indexed).toHaveLength(2);
  });

  it.each([
    { name: 'an unknown option', options: { tabel: 'x' }, message: 'createTableSql: unknown option "tabel"' },
    { name: 'an own __proto__ key', options: JSON.parse('{"__proto__": {}}'), message: 'unknown option "__proto__"' },
    { name: 'a constructor key', options: { constructor: 1 }, message: 'unknown option "constructor"' },
    { name: 'a string trigram', options: { trigram: 'true' }, message: 'createTableSql: trigram must be a boolean' },
    { name: 'a numeric trigram', options: { trigram: 1 }, message: 'trigram must be a boolean' },
    { name: 'a null trigram', options: { trigram: null }, message: 'trigram must be a boolean' },
    { name: 'a numeric table', options: { table: 1 }, message: 'createTableSql: table must be a string' },
    { name: 'options null', options: null, message: 'createTableSql: options must be an object' },
    { name: 'options an array', options: [], message: 'options must be an object' },
    { name: 'options a string', options: 'people', message: 'options must be an object' },
    { name: 'an unsafe table', options: { table: 'a"b' }, message: 'is not a plain SQL identifier' },
  ])('throws a TypeError for $name', ({ options, message }) => {
    expect(() => createTableSql(people, options as never)).toThrow(TypeError);
    expect(() => createTableSql(people, options as never)).toThrow(message);
  });

  it('throws a TypeError for trigram: true on a resource without searchable fields', () => {
    expect(() => createTableSql(plain, { trigram: true })).toThrow(
      new TypeError('createTableSql: trigram: resource "plain" has no searchable fields to index'),
    );
    expect(createTableSql(plain, { trigram: false })).not.toMatch(/pg_trgm/);
  });
});
