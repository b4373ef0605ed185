import { describe, expect, it } from 'vitest';
import { codePointText, MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';
import { createMysqlTextColumns } from '../../src/drizzle/mysql-text-columns';

describe('codePointText', () => {
  it.each([
    { text: 'a', sql: "_utf8mb4 X'61' COLLATE utf8mb4_nopad_bin" },
    { text: '', sql: "_utf8mb4 X'' COLLATE utf8mb4_nopad_bin" },
    { text: "it's \\", sql: "_utf8mb4 X'69742773205c' COLLATE utf8mb4_nopad_bin" },
    { text: '😀', sql: "_utf8mb4 X'f09f9880' COLLATE utf8mb4_nopad_bin" },
    { text: '__proto__', sql: "_utf8mb4 X'5f5f70726f746f5f5f' COLLATE utf8mb4_nopad_bin" },
  ])('returns $sql for $text, shown as the text itself', ({ text, sql }) => {
    const literal = codePointText(text);
    expect(literal.toSqlString()).toBe(sql);
    expect(JSON.stringify([literal])).toBe(JSON.stringify([text]));
  });

  it('returns the literal without a collation of its own when collate is false', () => {
    expect(codePointText('a😀', false).toSqlString()).toBe("_utf8mb4 X'61f09f9880'");
  });
});

describe('createMysqlTextColumns', () => {
  const row = (column: string, type: string, charset: string | null, collation: string | null) => ({
    version: '10.11.6-MariaDB',
    column,
    type,
    charset,
    collation,
  });
  const columns = createMysqlTextColumns(async (_text, [table]) =>
    table === 'books'
      ? [
          row('c_title', 'text', 'utf8mb4', 'utf8mb4_general_ci'),
          row('c_code', 'varchar', 'utf8mb4', 'utf8mb4_nopad_bin'),
          row('c_old', 'varchar', 'latin1', 'latin1_swedish_ci'),
          row('c_id', 'uuid', null, null),
        ]
      : [row('c_full_name', 'text', 'utf8mb4', 'utf8mb4_general_ci')],
  );
  const cases = [
    // Before the read, converted: right whatever the column's character set.
    { table: 'books', column: 'c_title', before: 'convert', after: 'collate' },
    { table: 'books', column: 'c_code', before: 'convert', after: 'as-is' },
    { table: 'books', column: 'c_old', before: 'convert', after: 'convert' },
    { table: 'books', column: 'c_id', before: 'convert', after: 'native' },
    { table: 'books', column: 'c`q', before: 'convert', after: 'convert' },
    // Another table's column: converted until that table is read.
    { table: 'authors', column: 'c_full_name', before: 'convert', after: 'convert' },
  ] as const;

  it.each(cases)('orders $table.$column $before before the columns are read', ({ table, column, before }) => {
    expect(columns.orderOf(table, column)).toBe(before);
  });

  it.each(cases)('orders $table.$column $after once books is read', async ({ table, column, after }) => {
    await columns.ready('books');
    expect(columns.orderOf(table, column)).toBe(after);
  });
});

describe('MYSQL_SQL_DIALECT.textMatch', () => {
  it('converts the text to utf8mb4 and matches it in utf8mb4_nopad_bin, whatever its character set', () => {
    const needle = () => '?';
    expect(MYSQL_SQL_DIALECT.textMatch('contains', () => '`c_old`', 'x', needle)).toBe(
      'INSTR(CONVERT(`c_old` USING utf8mb4) COLLATE utf8mb4_nopad_bin, ?) > 0',
    );
    expect(MYSQL_SQL_DIALECT.textMatch('ends', () => '`~r`.`c_label`', 'x', needle)).toBe(
      'RIGHT(CONVERT(`~r`.`c_label` USING utf8mb4) COLLATE utf8mb4_nopad_bin, CHAR_LENGTH(?)) = ?',
    );
    expect(MYSQL_SQL_DIALECT.textMatch('starts', () => '`c_code`', 'x', needle)).toBe(
      'LEFT(CONVERT(`c_code` USING utf8mb4) COLLATE utf8mb4_nopad_bin, CHAR_LENGTH(?)) = ?',
    );
  });
});
