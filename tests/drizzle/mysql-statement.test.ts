import { describe, expect, it } from 'vitest';
import { toMysqlStatement } from '../../src/drizzle/mysql-statement';

describe('toMysqlStatement', () => {
  it.each([
    {
      text: 'UPDATE `t` SET `c_a` = ?, `c_b` = ? WHERE `c_id` = ? RETURNING `c_id` AS `id`, `c_a` AS `a`',
      params: [1, 'x', 'k'],
      inTransaction: true,
      statement: {
        text: 'UPDATE `t` SET `c_a` = ?, `c_b` = ? WHERE `c_id` = ?',
        params: [1, 'x', 'k'],
        readBack: { text: 'SELECT `c_id` AS `id`, `c_a` AS `a` FROM `t` WHERE `c_id` = ?', params: ['k'] },
      },
    },
    {
      text: 'UPDATE `we``ird` SET `a` = ? WHERE `i``d` = ? RETURNING `a`',
      params: ['RETURNING', 2],
      inTransaction: false,
      statement: {
        text: 'UPDATE `we``ird` SET `a` = ? WHERE `i``d` = ?',
        params: ['RETURNING', 2],
        readBack: { text: 'SELECT `a` FROM `we``ird` WHERE `i``d` = ?', params: [2] },
      },
    },
    {
      text: 'INSERT INTO `t` DEFAULT VALUES RETURNING `c_id` AS `id`',
      params: [],
      inTransaction: false,
      statement: { text: 'INSERT INTO `t` () VALUES () RETURNING `c_id` AS `id`', params: [] },
    },
    {
      text: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ?',
      params: ['k'],
      inTransaction: true,
      statement: { text: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ? FOR UPDATE', params: ['k'] },
    },
    {
      text: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ?',
      params: ['k'],
      inTransaction: false,
      statement: { text: 'SELECT `c_id` AS `id` FROM `t` WHERE `c_id` = ?', params: ['k'] },
    },
    {
      text: 'SELECT `c_id` AS `id` FROM `t`',
      params: [],
      inTransaction: true,
      statement: { text: 'SELECT `c_id` AS `id` FROM `t`', params: [] },
    },
    {
      text: 'DELETE FROM `t` WHERE `c_id` IN (?, ?) RETURNING `c_id` AS `id`',
      params: ['a', 'b'],
      inTransaction: true,
      statement: { text: 'DELETE FROM `t` WHERE `c_id` IN (?, ?) RETURNING `c_id` AS `id`', params: ['a', 'b'] },
    },
  ])(
    'returns the MariaDB statement of $text (in a transaction: $inTransaction)',
    ({ text, params, inTransaction, statement }) => {
      expect(toMysqlStatement(text, params, inTransaction)).toEqual(statement);
    },
  );
});
