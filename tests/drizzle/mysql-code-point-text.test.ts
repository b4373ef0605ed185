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
  const tables = new Map([
    ['`books`', new Set(['`c_title`'])],
    ['`authors`', new Set(['`c_full_name`'])],
  ]);
  const dialect = withCodePointOrder(MYSQL_SQL_DIALECT, '`books`', tables);
  const subquery = (column: string) => `(SELECT \`~p\`.${column} FROM \`authors\` AS \`~p\` WHERE 1 = 1)`;
  it.each([
    { expression: '`c_title`', collated: true },
    { expression: '`books`.`c_title`', collated: true },
    { expression: '`c_year`', collated: false },
    { expression: '`c_full_name`', collated: false },
    { expression: subquery('`c_full_name`'), collated: true },
    { expression: subquery('`c_born`'), collated: false },
  ])('orders $expression by code point: $collated', ({ expression, collated }) => {
    const term = collated ? `${expression} COLLATE utf8mb4_nopad_bin` : expression;
    expect(dialect.orderTerm(() => expression, 'asc', 'last')).toBe(`${term} IS NULL ASC, ${term} ASC`);
  });
});
