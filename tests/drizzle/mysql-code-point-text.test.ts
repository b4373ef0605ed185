import { describe, expect, it } from 'vitest';
import { codePointText, MYSQL_SQL_DIALECT } from '../../src/drizzle/mysql-sql-dialect';
import { mariaDbColumnsOf, textOrderOf } from '../../src/drizzle/mysql-text-columns';

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

describe('mariaDbColumnsOf', () => {
  const row = (name: string, type: string, charset: string | null, collation: string | null) => ({
    version: '10.11.6-MariaDB',
    name,
    type,
    charset,
    collation,
  });
  const columns = mariaDbColumnsOf([
    row('c_title', 'text', 'utf8mb4', 'utf8mb4_general_ci'),
    row('c_code', 'varchar', 'utf8mb4', 'utf8mb4_nopad_bin'),
    row('c_old', 'varchar', 'latin1', 'latin1_swedish_ci'),
    row('c_id', 'uuid', null, null),
  ]);

  it.each([
    { column: 'c_title', order: 'collate' },
    { column: 'c_code', order: 'as-is' },
    { column: 'c_old', order: 'convert' },
    { column: 'c_id', order: 'native' },
    // Not found: the repository converts it, which is right whatever the column's character set.
    { column: 'c`q', order: undefined },
  ])('reads $column, whose textOrderOf is $order', ({ column, order }) => {
    const found = columns.get(column);
    expect(found && textOrderOf(found)).toBe(order);
  });

  it('reads no column of a table it does not find', () => {
    expect(mariaDbColumnsOf([{ version: '10.11.6-MariaDB', name: null, type: null }]).size).toBe(0);
  });

  it('throws for a server that is not MariaDB', () => {
    expect(() =>
      mariaDbColumnsOf([row('c', 'text', 'utf8mb4', 'utf8mb4_0900_bin')].map((r) => ({ ...r, version: '8.0.36' }))),
    ).toThrow('MySQL is not supported yet');
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
