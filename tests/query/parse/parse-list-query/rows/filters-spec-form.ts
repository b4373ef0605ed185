/** The spec form of a filter, `field[operator]` with `field[value]` or `field[values]`, alone and beside a shorthand. */
import { type BadRow, expected, repeat, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [
  {
    name: 'the spec form operator + value',
    pairs: [
      ['username[operator]', 'cont'],
      ['username[value]', 'ab'],
    ],
    query: expected({ where: { username: { cont: 'ab' } } }),
  },
  {
    name: 'the spec form and a shorthand on one field',
    pairs: [
      ['age[operator]', 'gte'],
      ['age[value]', '18'],
      ['age[lte]', '30'],
    ],
    query: expected({ where: { age: { gte: 18, lte: 30 } } }),
  },
];

export const BAD_ROWS: readonly BadRow[] = [
  {
    name: 'a repeated field[operator]',
    pairs: [
      ['age[operator]', 'gt'],
      ['age[operator]', 'lt'],
      ['age[value]', '3'],
    ],
    names: 'age[operator] must not be repeated',
  },
  {
    name: 'a repeated field[value]',
    pairs: [
      ['age[operator]', 'gt'],
      ['age[value]', '3'],
      ['age[value]', '4'],
    ],
    names: 'age[value] must not be repeated',
  },
  {
    name: 'one operator both as operator and shorthand',
    pairs: [
      ['age[operator]', 'gt'],
      ['age[value]', '3'],
      ['age[gt]', '4'],
    ],
    names: 'age[operator]: operator "gt" is given twice',
  },
  { name: 'an operator without its value', pairs: [['age[operator]', 'gt']], names: 'age[operator] needs a value' },
  {
    name: 'in without values',
    pairs: [['role[operator]', 'in']],
    names: 'role[operator] takes between 1 and 100 values, got 0',
  },
  {
    name: 'between without values',
    pairs: [['age[operator]', 'between']],
    names: 'age[operator] takes exactly two values, got 0',
  },
  { name: 'a value without its operator', pairs: [['age[value]', '3']], names: 'age[value] needs age[operator]' },
  {
    name: 'values without their operator',
    pairs: [['role[values]', 'admin']],
    names: 'role[values] needs role[operator]',
  },
  {
    name: 'two values for a single-value operator',
    pairs: [
      ['age[operator]', 'gt'],
      ['age[value]', '1'],
      ['age[values]', '2'],
    ],
    names: 'age[value] takes exactly one value',
  },
  {
    name: 'isnull as operator with value false',
    pairs: [
      ['deletedAt[operator]', 'isnull'],
      ['deletedAt[value]', 'false'],
    ],
    names: 'deletedAt[value] takes no value',
  },
  {
    name: 'between with one of values',
    pairs: [
      ['age[operator]', 'between'],
      ['age[values]', '1'],
    ],
    names: 'age[values] takes exactly two values, got 1',
  },
  {
    name: 'notin with 101 values',
    pairs: [
      ['age[operator]', 'notin'],
      ...repeat(
        'age[values]',
        Array.from({ length: 101 }, (_, i) => String(i)),
      ),
    ],
    names: 'age[values] takes between 1 and 100 values, got 101',
  },
];
