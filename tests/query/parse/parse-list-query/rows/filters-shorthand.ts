/** The shorthand form of a filter, `field[op]=value`, repeated for list operators. */
import { type BadRow, expected, repeat, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [
  {
    name: 'shorthand: several conditions on one field',
    pairs: [
      ['age[gte]', '18'],
      ['age[lt]', '65'],
    ],
    query: expected({ where: { age: { gte: 18, lt: 65 } } }),
  },
  {
    name: 'conditions on several fields',
    pairs: [
      ['username[starts]', 'a'],
      ['active[eq]', 'true'],
      ['role[ne]', 'guest'],
    ],
    query: expected({ where: { username: { starts: 'a' }, active: { eq: true }, role: { ne: 'guest' } } }),
  },
];

export const BAD_ROWS: readonly BadRow[] = [
  {
    name: 'a repeated single-value shorthand',
    pairs: [
      ['age[gt]', '3'],
      ['age[gt]', '4'],
    ],
    names: 'age[gt] must not be repeated',
  },
  { name: 'isnull=false', pairs: [['deletedAt[isnull]', 'false']], names: 'deletedAt[isnull] takes no value' },
  { name: 'isnull=1', pairs: [['deletedAt[isnull]', '1']], names: 'deletedAt[isnull] takes no value' },
  { name: 'isnull=TRUE', pairs: [['deletedAt[isnull]', 'TRUE']], names: 'deletedAt[isnull] takes no value' },
  { name: 'notnull=yes', pairs: [['deletedAt[notnull]', 'yes']], names: 'deletedAt[notnull] takes no value' },
  {
    name: 'a repeated isnull',
    pairs: [
      ['deletedAt[isnull]', ''],
      ['deletedAt[isnull]', ''],
    ],
    names: 'deletedAt[isnull] must not be repeated',
  },
  {
    name: 'between with one value',
    pairs: [['age[between]', '1']],
    names: 'age[between] takes exactly two values, got 1',
  },
  {
    name: 'between with three values',
    pairs: repeat('age[between]', ['1', '2', '3']),
    names: 'age[between] takes exactly two values, got 3',
  },
  {
    name: 'in with 101 values',
    pairs: repeat(
      'username[in]',
      Array.from({ length: 101 }, (_, i) => `u${i}`),
    ),
    names: 'username[in] takes between 1 and 100 values, got 101',
  },
];
