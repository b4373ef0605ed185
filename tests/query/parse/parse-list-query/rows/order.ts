/** orderBy and orderDirection: keys, directions in any case, the id tie-breaker, and every malformed form. */
import { asc, type BadRow, desc, expected, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [
  {
    name: 'orderBy one field',
    pairs: [['orderBy', 'username']],
    query: expected({ orderBy: [asc('username'), asc('id')] }),
  },
  {
    name: 'orderBy with DESC',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'DESC'],
    ],
    query: expected({ orderBy: [desc('age'), asc('id')] }),
  },
  {
    name: 'orderDirection in any case',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'dEsC'],
    ],
    query: expected({ orderBy: [desc('age'), asc('id')] }),
  },
  {
    name: 'orderDirection asc',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'asc'],
    ],
    query: expected({ orderBy: [asc('age'), asc('id')] }),
  },
  {
    name: 'several keys with paired directions',
    pairs: [
      ['orderBy', 'role,createdAt'],
      ['orderDirection', 'ASC,DESC'],
    ],
    query: expected({ orderBy: [asc('role'), desc('createdAt'), asc('id')] }),
  },
  {
    name: 'several keys with one direction for all',
    pairs: [
      ['orderBy', 'role,age,score'],
      ['orderDirection', 'DESC'],
    ],
    query: expected({ orderBy: [desc('role'), desc('age'), desc('score'), asc('id')] }),
  },
  {
    name: 'several keys, no direction',
    pairs: [['orderBy', 'role,age']],
    query: expected({ orderBy: [asc('role'), asc('age'), asc('id')] }),
  },
  {
    name: 'orderBy the id descending: no tie-breaker',
    pairs: [
      ['orderBy', 'id'],
      ['orderDirection', 'DESC'],
    ],
    query: expected({ orderBy: [desc('id')] }),
  },
  {
    name: 'orderBy naming the id before another key',
    pairs: [
      ['orderBy', 'id,age'],
      ['orderDirection', 'desc,asc'],
    ],
    query: expected({ orderBy: [desc('id'), asc('age')] }),
  },
];

export const BAD_ROWS: readonly BadRow[] = [
  {
    name: 'a repeated orderBy',
    pairs: [
      ['orderBy', 'age'],
      ['orderBy', 'role'],
    ],
    names: 'orderBy must not be repeated',
  },
  {
    name: 'a repeated orderDirection',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'ASC'],
      ['orderDirection', 'DESC'],
    ],
    names: 'orderDirection must not be repeated',
  },
  {
    name: 'orderBy on a non-sortable field',
    pairs: [['orderBy', 'secret']],
    names: 'orderBy: "secret" is not a sortable field',
  },
  {
    name: 'orderBy on an unknown field',
    pairs: [['orderBy', 'nope']],
    names: 'orderBy: "nope" is not a sortable field',
  },
  {
    name: 'orderBy on a filterable, non-sortable field',
    pairs: [['orderBy', 'email']],
    names: 'orderBy: "email" is not a sortable field',
  },
  { name: 'an empty orderBy', pairs: [['orderBy', '']], names: 'orderBy: "" is not a sortable field' },
  {
    name: 'an orderBy with a trailing comma',
    pairs: [['orderBy', 'age,']],
    names: 'orderBy: "" is not a sortable field',
  },
  {
    name: 'an orderBy with a space',
    pairs: [['orderBy', 'age, role']],
    names: 'orderBy: " role" is not a sortable field',
  },
  { name: 'an orderBy naming a field twice', pairs: [['orderBy', 'age,age']], names: 'orderBy: "age" is given twice' },
  {
    name: 'an orderBy of nine fields',
    pairs: [['orderBy', 'a,b,c,d,e,f,g,h,i']],
    names: 'orderBy takes at most 8 fields',
  },
  {
    name: 'a bad orderDirection',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'up'],
    ],
    names: 'orderDirection: "up" must be ASC or DESC',
  },
  {
    name: 'an empty orderDirection',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', ''],
    ],
    names: 'orderDirection: "" must be ASC or DESC',
  },
  {
    name: 'orderDirection ascending',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'ascending'],
    ],
    names: 'orderDirection: "ascending"',
  },
  {
    name: 'two directions for one key',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'ASC,DESC'],
    ],
    names: 'orderDirection must give one direction, or one for each of the 1 orderBy fields',
  },
  {
    name: 'three directions for two keys',
    pairs: [
      ['orderBy', 'age,role'],
      ['orderDirection', 'ASC,DESC,ASC'],
    ],
    names: 'orderDirection must give one direction, or one for each of the 2 orderBy fields',
  },
  {
    name: 'orderDirection without orderBy',
    pairs: [['orderDirection', 'DESC']],
    names: 'orderDirection needs orderBy',
  },
];
