import { int, mysqlTable, primaryKey, unique, uniqueIndex, varchar } from 'drizzle-orm/mysql-core';
import { describe, expect, it } from 'vitest';
import { MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';
import { mysqlUniqueKeys, withUniqueKeys } from '../../src/drizzle/mysql-keys';

const books = mysqlTable(
  'books',
  {
    id: varchar('book_id', { length: 36 }).primaryKey(),
    isbn: varchar('isbn', { length: 13 }).unique(),
    shelf: int('shelf'),
    slot: int('slot'),
    code: varchar('code', { length: 9 }),
  },
  (table) => [unique('shelf_slot').on(table.shelf, table.slot), uniqueIndex('code_idx').on(table.code)],
);
const pairs = mysqlTable('pairs', { a: int('a'), b: int('b') }, (table) => [
  primaryKey({ columns: [table.a, table.b] }),
]);
const sqlName = (column: { readonly name: string }) => column.name;

describe('mysqlUniqueKeys', () => {
  it('returns the columns of the primary key, unique columns, unique constraints and unique indexes by key name', () => {
    expect(Object.fromEntries(mysqlUniqueKeys(books, sqlName))).toEqual({
      PRIMARY: ['book_id'],
      books_isbn_unique: ['isbn'],
      shelf_slot: ['shelf', 'slot'],
      code_idx: ['code'],
    });
    expect(Object.fromEntries(mysqlUniqueKeys(pairs, sqlName))).toEqual({ PRIMARY: ['a', 'b'] });
  });
});

describe('withUniqueKeys', () => {
  const dialect = withUniqueKeys(MYSQL_SQL_DIALECT, 'books', mysqlUniqueKeys(books, sqlName));
  const duplicate = (message: string) => Object.assign(new Error(message), { errno: 1062, sqlMessage: message });

  it.each([
    {
      message: "Duplicate entry 'x' for key 'PRIMARY'",
      violation: { kind: 'unique', columns: ['book_id'], table: 'books' },
    },
    {
      message: "Duplicate entry '1-2' for key 'shelf_slot'",
      violation: { kind: 'unique', columns: ['shelf', 'slot'], table: 'books' },
    },
    {
      message: "Duplicate entry 'c' for key 'books.code_idx'",
      violation: { kind: 'unique', columns: ['code'], table: 'books' },
    },
    { message: "Duplicate entry 'for key 'PRIMARY'' for key 'other'", violation: { kind: 'unique' } },
    { message: 'Duplicate entry', violation: { kind: 'unique' } },
  ])('reads "$message" as the key it names', ({ message, violation }) => {
    expect(dialect.constraintViolation(duplicate(message))).toEqual(violation);
  });

  it('leaves every other error as the dialect reads it', () => {
    const error = Object.assign(new Error("Column 'isbn' cannot be null"), { errno: 1048 });
    expect(dialect.constraintViolation(error)).toEqual({ kind: 'not-null', columns: ['isbn'] });
    expect(dialect.constraintViolation(new Error('x'))).toBeUndefined();
  });
});
