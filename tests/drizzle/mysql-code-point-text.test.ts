import { describe, expect, it } from 'vitest';
import { codePointText, withCodePointOrder } from '../../src/drizzle/mysql-code-point-text';
import { MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';
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

describe('withCodePointOrder', () => {
  const row = (table: string, column: string, type: string, charset: string | null, collation: string | null) => ({
    version: '10.11.6-MariaDB',
    table,
    column,
    type,
    charset,
    collation,
  });
  const columns = createMysqlTextColumns(async () => [
    row('books', 'c_title', 'text', 'utf8mb4', 'utf8mb4_general_ci'),
    row('books', 'c_code', 'varchar', 'utf8mb4', 'utf8mb4_nopad_bin'),
    row('books', 'c_old', 'varchar', 'latin1', 'latin1_swedish_ci'),
    row('books', 'c_year', 'int', null, null),
    row('authors', 'c_full_name', 'text', 'utf8mb4', 'utf8mb4_general_ci'),
    row('authors', 'c_key', 'char', 'utf8mb4', 'utf8mb4_nopad_bin'),
  ]);
  columns.register('books', ['c_title', 'c_code', 'c_old', 'c`q']);
  columns.register('authors', ['c_full_name', 'c_key']);
  const dialect = withCodePointOrder(MYSQL_SQL_DIALECT, 'books', columns);
  const subquery = (column: string) => `(SELECT \`~p\`.${column} FROM \`authors\` AS \`~p\` WHERE 1 = 1)`;
  const cases = [
    // Before the read, converted: right whatever the column's character set.
    { expression: '`c_title`', before: 'convert', after: 'collate' },
    { expression: '`books`.`c_title`', before: 'convert', after: 'collate' },
    { expression: '`c_code`', before: 'convert', after: 'as-is' },
    { expression: '`c_old`', before: 'convert', after: 'convert' },
    { expression: '`c``q`', before: 'convert', after: 'convert' },
    { expression: '`c_year`', before: 'none', after: 'none' },
    { expression: '`c_full_name`', before: 'none', after: 'none' },
    { expression: '`~r`.`c_title`', before: 'none', after: 'none' },
    { expression: subquery('`c_full_name`'), before: 'convert', after: 'collate' },
    { expression: subquery('`c_key`'), before: 'convert', after: 'as-is' },
    { expression: subquery('`c_born`'), before: 'none', after: 'none' },
  ] as const;
  const termOf = (expression: string, order: string) =>
    order === 'collate'
      ? `${expression} COLLATE utf8mb4_nopad_bin`
      : order === 'convert'
        ? `CONVERT(${expression} USING utf8mb4) COLLATE utf8mb4_nopad_bin`
        : expression;

  it.each(cases)('orders $expression $before before the columns are read', ({ expression, before }) => {
    const term = termOf(expression, before);
    expect(dialect.orderTerm(() => expression, 'asc', 'last')).toBe(`${term} IS NULL ASC, ${term} ASC`);
  });

  it.each(cases)('orders $expression $after once they are read', async ({ expression, after }) => {
    await columns.ready('books');
    const term = termOf(expression, after);
    expect(dialect.orderTerm(() => expression, 'desc', 'none')).toBe(`${term} DESC`);
  });

  it("converts a column of another character set or a related table's before matching it, and only those", async () => {
    await columns.ready('books');
    const needle = () => '?';
    expect(dialect.textMatch('contains', () => '`c_old`', 'x', needle)).toBe(
      'INSTR(CONVERT(`c_old` USING utf8mb4) COLLATE utf8mb4_nopad_bin, ?) > 0',
    );
    // A relation filter's EXISTS: the alias does not say which table, so its character set is not known.
    expect(dialect.textMatch('ends', () => '`~r`.`c_label`', 'x', needle)).toBe(
      'RIGHT(CONVERT(`~r`.`c_label` USING utf8mb4) COLLATE utf8mb4_nopad_bin, CHAR_LENGTH(?)) = ?',
    );
    expect(dialect.textMatch('starts', () => '`c_code`', 'x', needle)).toBe(
      'LEFT(`c_code` COLLATE utf8mb4_nopad_bin, CHAR_LENGTH(?)) = ?',
    );
  });
});
