/** The parsed query as a whole: every kind of parameter at once. */
import { asc, type BadRow, desc, expected, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [
  {
    name: 'everything at once',
    pairs: [
      ['page', '2'],
      ['limit', '5'],
      ['username[operator]', 'contl'],
      ['username[value]', 'AN'],
      ['age[gte]', '18'],
      ['deletedAt[isnull]', ''],
      ['orderBy', 'age'],
      ['orderDirection', 'DESC'],
    ],
    query: expected({
      page: 2,
      limit: 5,
      where: { username: { contl: 'an' }, age: { gte: 18 }, deletedAt: { isnull: true } },
      orderBy: [desc('age'), asc('id')],
    }),
  },
];

export const BAD_ROWS: readonly BadRow[] = [];
