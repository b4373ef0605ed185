import { describe, expect, it } from 'vitest';
import { toMysqlStatement } from '../../src/drizzle/mysql-statement';

describe('toMysqlStatement', () => {
  it.each([
    {
      text: 'INSERT INTO `t` DEFAULT VALUES RETURNING `c_id` AS `id`',
      inTransaction: false,
      statement: 'INSERT INTO `t` () VALUES () RETURNING `c_id` AS `id`',
    },
    {
      text: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ?',
      inTransaction: true,
      statement: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ? FOR UPDATE',
    },
    {
      text: 'SELECT `c_id` AS `id` FROM `we``ird` WHERE `i``d` = ?',
      inTransaction: true,
      statement: 'SELECT `c_id` AS `id` FROM `we``ird` WHERE `i``d` = ? FOR UPDATE',
    },
    {
      text: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ?',
      inTransaction: false,
      statement: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ?',
    },
    { text: 'SELECT `c_id` AS `id` FROM `t`', inTransaction: true, statement: 'SELECT `c_id` AS `id` FROM `t`' },
    {
      text: 'UPDATE `t` SET `c_a` = ? WHERE `c_id` = ?',
      inTransaction: true,
      statement: 'UPDATE `t` SET `c_a` = ? WHERE `c_id` = ?',
    },
    {
      text: 'DELETE FROM `t` WHERE `c_id` IN (?, ?) RETURNING `c_id` AS `id`',
      inTransaction: true,
      statement: 'DELETE FROM `t` WHERE `c_id` IN (?, ?) RETURNING `c_id` AS `id`',
    },
  ])(
    'returns the MariaDB statement of $text (in a transaction: $inTransaction)',
    ({ text, inTransaction, statement }) => {
      expect(toMysqlStatement(text, inTransaction)).toBe(statement);
    },
  );
});
