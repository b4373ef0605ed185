import { describe, expect, it } from 'vitest';
import { codePointText, withCodePointOrder } from '../../src/drizzle/mysql-code-point-text';
import { MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';

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
});

describe('withCodePointOrder', () => {
  const dialect = withCodePointOrder(MYSQL_SQL_DIALECT, new Set(['`c_name`']));
  it.each([
    {
      expression: '`c_name`',
      sql: '`c_name` COLLATE utf8mb4_nopad_bin IS NULL ASC, `c_name` COLLATE utf8mb4_nopad_bin ASC',
    },
    { expression: '`c_age`', sql: '`c_age` IS NULL ASC, `c_age` ASC' },
  ])('returns $sql for $expression ascending', ({ expression, sql }) => {
    expect(dialect.orderTerm(() => expression, 'asc', 'last')).toBe(sql);
  });
});
