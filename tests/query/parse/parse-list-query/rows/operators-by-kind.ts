/** Operators: list, range, null and case-insensitive ones, which fit which field kind, and the resource's operator map. */
import { type BadRow, date, expected, repeat, strictUsers, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [
  {
    name: 'between, shorthand repeated',
    pairs: [
      ['createdAt[between]', '2024-01-01'],
      ['createdAt[between]', '2024-12-31'],
    ],
    query: expected({ where: { createdAt: { between: [date('2024-01-01'), date('2024-12-31')] } } }),
  },
  {
    name: 'between, operator + values',
    pairs: [
      ['age[operator]', 'between'],
      ['age[values]', '18'],
      ['age[values]', '65'],
    ],
    query: expected({ where: { age: { between: [18, 65] } } }),
  },
  {
    name: 'between, operator + value + values',
    pairs: [
      ['age[operator]', 'between'],
      ['age[value]', '18'],
      ['age[values]', '65'],
    ],
    query: expected({ where: { age: { between: [18, 65] } } }),
  },
  {
    name: 'in, shorthand repeated',
    pairs: [
      ['role[in]', 'admin'],
      ['role[in]', 'guest'],
    ],
    query: expected({ where: { role: { in: ['admin', 'guest'] } } }),
  },
  {
    name: 'in, operator + values',
    pairs: [
      ['role[operator]', 'in'],
      ['role[values]', 'admin'],
      ['role[values]', 'member'],
    ],
    query: expected({ where: { role: { in: ['admin', 'member'] } } }),
  },
  { name: 'in with one value', pairs: [['age[in]', '30']], query: expected({ where: { age: { in: [30] } } }) },
  {
    name: 'in with 100 values',
    pairs: repeat(
      'age[in]',
      Array.from({ length: 100 }, (_, i) => String(i)),
    ),
    query: expected({ where: { age: { in: Array.from({ length: 100 }, (_, i) => i) } } }),
  },
  {
    name: 'notin on booleans',
    pairs: [
      ['active[notin]', 'true'],
      ['active[notin]', 'false'],
    ],
    query: expected({ where: { active: { notin: [true, false] } } }),
  },
  {
    name: 'isnull with an empty value',
    pairs: [['deletedAt[isnull]', '']],
    query: expected({ where: { deletedAt: { isnull: true } } }),
  },
  {
    name: 'isnull with true',
    pairs: [['deletedAt[isnull]', 'true']],
    query: expected({ where: { deletedAt: { isnull: true } } }),
  },
  {
    name: 'notnull with an empty value',
    pairs: [['nickname[notnull]', '']],
    query: expected({ where: { nickname: { notnull: true } } }),
  },
  {
    name: 'isnull as operator',
    pairs: [['deletedAt[operator]', 'isnull']],
    query: expected({ where: { deletedAt: { isnull: true } } }),
  },
  {
    name: 'notnull as operator with value true',
    pairs: [
      ['deletedAt[operator]', 'notnull'],
      ['deletedAt[value]', 'true'],
    ],
    query: expected({ where: { deletedAt: { notnull: true } } }),
  },
  {
    name: 'case-insensitive operators, lower-cased',
    pairs: [
      ['username[eql]', 'AnN'],
      ['email[contl]', 'EXAMPLE'],
      ['nickname[inl]', 'CJ'],
      ['nickname[inl]', 'Elo'],
    ],
    query: expected({
      where: { username: { eql: 'ann' }, email: { contl: 'example' }, nickname: { inl: ['cj', 'elo'] } },
    }),
  },
  {
    name: 'case-sensitive operators, unchanged',
    pairs: [
      ['username[cont]', 'AnN'],
      ['email[ends]', '.ORG'],
    ],
    query: expected({ where: { username: { cont: 'AnN' }, email: { ends: '.ORG' } } }),
  },
];

export const BAD_ROWS: readonly BadRow[] = [
  { name: 'an unknown shorthand operator', pairs: [['age[like]', '1']], names: 'age[like]: unknown operator "like"' },
  { name: 'an operator in capitals', pairs: [['age[GT]', '1']], names: 'age[GT]: unknown operator "GT"' },
  { name: 'an empty operator', pairs: [['age[]', '1']], names: 'age[]: unknown operator ""' },
  {
    name: 'an unknown operator as operator',
    pairs: [
      ['age[operator]', 'like'],
      ['age[value]', '1'],
    ],
    names: 'age[operator]: unknown operator "like"',
  },
  {
    name: 'an empty operator as operator',
    pairs: [
      ['age[operator]', ''],
      ['age[value]', '1'],
    ],
    names: 'age[operator]: unknown operator ""',
  },
  {
    name: 'gt on a string',
    pairs: [['username[gt]', 'a']],
    names: 'username[gt]: operator "gt" is not allowed on field "username"',
  },
  {
    name: 'between on a string',
    pairs: [
      ['username[between]', 'a'],
      ['username[between]', 'b'],
    ],
    names: 'username[between]: operator "between"',
  },
  {
    name: 'cont on a number',
    pairs: [['age[cont]', '1']],
    names: 'age[cont]: operator "cont" is not allowed on field "age"',
  },
  { name: 'lt on a boolean', pairs: [['active[lt]', 'true']], names: 'active[lt]: operator "lt"' },
  { name: 'starts on an enum', pairs: [['role[starts]', 'a']], names: 'role[starts]: operator "starts"' },
  { name: 'eql on a date', pairs: [['createdAt[eql]', '2024-01-01']], names: 'createdAt[eql]: operator "eql"' },
  { name: 'isnull on a non-nullable field', pairs: [['age[isnull]', '']], names: 'age[isnull]: operator "isnull"' },
  {
    name: 'a fitting operator outside the map',
    pairs: [['username[starts]', 'a']],
    names: 'username[starts]: operator "starts" is not allowed',
    resource: strictUsers,
  },
  {
    name: 'an operator outside the map, as operator',
    pairs: [
      ['age[operator]', 'gt'],
      ['age[value]', '1'],
    ],
    names: 'age[operator]: operator "gt" is not allowed',
    resource: strictUsers,
  },
  { name: 'a full-width operator', pairs: [['age[ｇｔ]', '1']], names: 'age[ｇｔ]: unknown operator "ｇｔ"' },
];
