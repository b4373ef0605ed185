import { parse as parseNodeQuerystring } from 'node:querystring';
import fastQuerystring from 'fast-querystring';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRepository,
  parseCursorQuery,
  parseListQuery,
  type ListQuery,
  type OrderTerm,
  type Where,
} from '../../src/index';
import {
  RECORDS,
  badRequestOf,
  inputForms,
  messagesOf,
  prototypeSnapshot,
  strictUsers,
  toFlatObject,
  users,
  type Pair,
  type User,
} from './fixtures';

const DEFAULT_ORDER: readonly OrderTerm[] = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'id', direction: 'asc' },
];

const expected = (query: Partial<ListQuery<User>> = {}): ListQuery<User> => ({
  page: 1,
  limit: 10,
  where: {},
  orderBy: DEFAULT_ORDER as ListQuery<User>['orderBy'],
  ...query,
});

const date = (iso: string): Date => new Date(iso);
type Field = keyof User & string;
const asc = (field: Field): OrderTerm<Field> => ({ field, direction: 'asc' });
const desc = (field: Field): OrderTerm<Field> => ({ field, direction: 'desc' });
const repeat = (key: string, values: readonly string[]): Pair[] => values.map((value) => [key, value] as const);

interface ValidRow {
  readonly name: string;
  readonly pairs: readonly Pair[];
  readonly query: ListQuery<User>;
}

const VALID_ROWS: readonly ValidRow[] = [
  { name: 'no parameters: defaults', pairs: [], query: expected() },
  {
    name: 'page and limit',
    pairs: [
      ['page', '3'],
      ['limit', '25'],
    ],
    query: expected({ page: 3, limit: 25 }),
  },
  { name: 'limit equal to maxLimit', pairs: [['limit', '50']], query: expected({ limit: 50 }) },
  { name: 'limit above maxLimit, clamped', pairs: [['limit', '51']], query: expected({ limit: 50 }) },
  { name: 'a huge limit, clamped', pairs: [['limit', '99999999999999999999999']], query: expected({ limit: 50 }) },
  { name: 'limit 1', pairs: [['limit', '1']], query: expected({ limit: 1 }) },
  { name: 'a large page', pairs: [['page', '2147483647']], query: expected({ page: 2147483647 }) },
  {
    name: 'the spec form operator + value',
    pairs: [
      ['username[operator]', 'cont'],
      ['username[value]', 'ab'],
    ],
    query: expected({ where: { username: { cont: 'ab' } } }),
  },
  {
    name: 'shorthand: several conditions on one field',
    pairs: [
      ['age[gte]', '18'],
      ['age[lt]', '65'],
    ],
    query: expected({ where: { age: { gte: 18, lt: 65 } } }),
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
  {
    name: 'conditions on several fields',
    pairs: [
      ['username[starts]', 'a'],
      ['active[eq]', 'true'],
      ['role[ne]', 'guest'],
    ],
    query: expected({ where: { username: { starts: 'a' }, active: { eq: true }, role: { ne: 'guest' } } }),
  },
  {
    name: 'a number value',
    pairs: [
      ['age[operator]', 'eq'],
      ['age[value]', '30'],
    ],
    query: expected({ where: { age: { eq: 30 } } }),
  },
  {
    name: 'a negative fractional number',
    pairs: [['score[gt]', '-1.5']],
    query: expected({ where: { score: { gt: -1.5 } } }),
  },
  { name: 'zero', pairs: [['score[eq]', '0']], query: expected({ where: { score: { eq: 0 } } }) },
  {
    name: 'boolean false',
    pairs: [
      ['active[operator]', 'eq'],
      ['active[value]', 'false'],
    ],
    query: expected({ where: { active: { eq: false } } }),
  },
  { name: 'boolean true', pairs: [['active[ne]', 'true']], query: expected({ where: { active: { ne: true } } }) },
  { name: 'an enum value', pairs: [['role[eq]', 'admin']], query: expected({ where: { role: { eq: 'admin' } } }) },
  {
    name: 'an ISO date-time',
    pairs: [['createdAt[gte]', '2024-01-02T03:04:05.678Z']],
    query: expected({ where: { createdAt: { gte: date('2024-01-02T03:04:05.678Z') } } }),
  },
  {
    name: 'an ISO date',
    pairs: [['createdAt[lt]', '2024-02-29']],
    query: expected({ where: { createdAt: { lt: date('2024-02-29T00:00:00.000Z') } } }),
  },
  {
    name: 'an ISO date-time with an offset',
    pairs: [['createdAt[eq]', '2024-01-01T02:00:00+02:00']],
    query: expected({ where: { createdAt: { eq: date('2024-01-01T00:00:00.000Z') } } }),
  },
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
  {
    name: 'an empty string value',
    pairs: [['username[eq]', '']],
    query: expected({ where: { username: { eq: '' } } }),
  },
  {
    name: 'a value named __proto__',
    pairs: [['username[eq]', '__proto__']],
    query: expected({ where: { username: { eq: '__proto__' } } }),
  },
  {
    name: 'a value named constructor',
    pairs: [['nickname[cont]', 'constructor']],
    query: expected({ where: { nickname: { cont: 'constructor' } } }),
  },
  {
    name: 'Unicode and reserved characters in a value',
    pairs: [['username[starts]', 'é😀 &=?#%+[]']],
    query: expected({ where: { username: { starts: 'é😀 &=?#%+[]' } } }),
  },
  {
    name: 'a 1024-character value',
    pairs: [['username[eq]', 'x'.repeat(1024)]],
    query: expected({ where: { username: { eq: 'x'.repeat(1024) } } }),
  },
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

const VALID_CASES = VALID_ROWS.flatMap((row) =>
  inputForms(row.pairs).map(({ form, input }) => ({ ...row, form, input })),
);

interface BadRow {
  readonly name: string;
  /** Parameters, run in every input form. */
  readonly pairs?: readonly Pair[];
  /** One raw input, run as it is. */
  readonly input?: unknown;
  /** A text one of the messages contains: the parameter as the client sent it. */
  readonly names: string;
  readonly resource?: typeof users;
}

const lim = (value: string): Pair[] => [['limit', value]];
const pg = (value: string): Pair[] => [['page', value]];
const BAD_NUMBERS = [
  { what: 'empty', value: '' },
  { what: 'non-numeric', value: 'ten' },
  { what: 'zero', value: '0' },
  { what: 'negative', value: '-1' },
  { what: 'fractional', value: '1.5' },
  { what: 'space-padded before', value: ' 5' },
  { what: 'space-padded after', value: '5 ' },
  { what: 'exponent', value: '1e2' },
  { what: 'hexadecimal', value: '0x10' },
  { what: 'plus-signed', value: '+5' },
  { what: 'Infinity', value: 'Infinity' },
  { what: 'full-width digits', value: '１０' },
];

const BAD_ROWS: readonly BadRow[] = [
  ...BAD_NUMBERS.map(({ what, value }) => ({
    name: `a ${what} limit`,
    pairs: lim(value),
    names: 'limit must be a positive integer',
  })),
  ...BAD_NUMBERS.map(({ what, value }) => ({
    name: `a ${what} page`,
    pairs: pg(value),
    names: 'page must be a positive integer',
  })),
  { name: 'a page above the maximum', pairs: pg('2147483648'), names: 'page must be at most 2147483647' },
  {
    name: 'a limit above maxLimit with the reject policy',
    pairs: lim('21'),
    names: 'limit must be at most 20',
    resource: strictUsers,
  },
  // repeated scalars
  { name: 'a repeated limit', pairs: [...lim('5'), ...lim('6')], names: 'limit must not be repeated' },
  { name: 'a repeated identical limit', pairs: [...lim('5'), ...lim('5')], names: 'limit must not be repeated' },
  { name: 'a repeated page', pairs: [...pg('1'), ...pg('2')], names: 'page must not be repeated' },
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
    name: 'a repeated single-value shorthand',
    pairs: [
      ['age[gt]', '3'],
      ['age[gt]', '4'],
    ],
    names: 'age[gt] must not be repeated',
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
  // fields and operators
  { name: 'an unknown field', pairs: [['nope[eq]', '1']], names: 'nope[eq]: "nope" is not a filterable field' },
  {
    name: 'an existing, non-filterable field',
    pairs: [['secret[eq]', '1']],
    names: 'secret[eq]: "secret" is not a filterable field',
  },
  { name: 'a field of another kind', pairs: [['tags[eq]', 'x']], names: 'tags[eq]: "tags" is not a filterable field' },
  {
    name: 'a field not in the operator map',
    pairs: [['role[eq]', 'admin']],
    names: 'role[eq]: "role" is not a filterable field',
    resource: strictUsers,
  },
  {
    name: 'a field in another case',
    pairs: [['Username[eq]', 'a']],
    names: 'Username[eq]: "Username" is not a filterable field',
  },
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
  // operators and values
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
    name: 'isnull as operator with value false',
    pairs: [
      ['deletedAt[operator]', 'isnull'],
      ['deletedAt[value]', 'false'],
    ],
    names: 'deletedAt[value] takes no value',
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
    name: 'between with one of values',
    pairs: [
      ['age[operator]', 'between'],
      ['age[values]', '1'],
    ],
    names: 'age[values] takes exactly two values, got 1',
  },
  {
    name: 'in with 101 values',
    pairs: repeat(
      'username[in]',
      Array.from({ length: 101 }, (_, i) => `u${i}`),
    ),
    names: 'username[in] takes between 1 and 100 values, got 101',
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
  // values the field's type rejects
  { name: 'a non-numeric number', pairs: [['age[gte]', 'abc']], names: 'age[gte] must be a number' },
  { name: 'an empty number', pairs: [['age[gt]', '']], names: 'age[gt] must be a number' },
  { name: 'a number in exponent form', pairs: [['score[gt]', '1e3']], names: 'score[gt] must be a number' },
  { name: 'a hexadecimal number', pairs: [['score[gt]', '0x1F']], names: 'score[gt] must be a number' },
  { name: 'a space-padded number', pairs: [['score[gt]', ' 1']], names: 'score[gt] must be a number' },
  { name: 'NaN', pairs: [['score[gt]', 'NaN']], names: 'score[gt] must be a number' },
  { name: 'Arabic-Indic digits', pairs: [['age[eq]', '١٨']], names: 'age[eq] must be a number' },
  { name: 'a fraction for an integer field', pairs: [['age[eq]', '1.5']], names: 'age[eq] is invalid' },
  {
    name: 'a fraction in an integer list',
    pairs: [
      ['age[in]', '1'],
      ['age[in]', '1.5'],
    ],
    names: 'age[in] is invalid',
  },
  { name: 'a boolean yes', pairs: [['active[eq]', 'yes']], names: 'active[eq] must be true or false' },
  { name: 'a boolean TRUE', pairs: [['active[eq]', 'TRUE']], names: 'active[eq] must be true or false' },
  { name: 'a boolean 1', pairs: [['active[eq]', '1']], names: 'active[eq] must be true or false' },
  {
    name: 'an unknown enum value',
    pairs: [['role[eq]', 'root']],
    names: 'role[eq] must be one of admin, member, guest',
  },
  { name: 'an enum value in another case', pairs: [['role[in]', 'Admin']], names: 'role[in] must be one of' },
  { name: 'a non-date', pairs: [['createdAt[gte]', 'yesterday']], names: 'createdAt[gte] must be an ISO 8601 date' },
  { name: 'February 30', pairs: [['createdAt[gte]', '2024-02-30']], names: 'createdAt[gte] must be an ISO 8601 date' },
  {
    name: 'February 29 of a common year',
    pairs: [['createdAt[gte]', '2023-02-29T00:00:00Z']],
    names: 'createdAt[gte] must be an ISO 8601 date',
  },
  { name: 'month 13', pairs: [['createdAt[gte]', '2024-13-01']], names: 'createdAt[gte] must be an ISO 8601 date' },
  {
    name: 'hour 25',
    pairs: [['createdAt[gte]', '2024-01-01T25:00:00Z']],
    names: 'createdAt[gte] must be an ISO 8601 date',
  },
  {
    name: 'a date as epoch milliseconds',
    pairs: [['createdAt[gte]', '1700000000000']],
    names: 'createdAt[gte] must be an ISO 8601 date',
  },
  {
    name: 'an RFC 2822 date',
    pairs: [['createdAt[gte]', 'Mon, 01 Jan 2024 00:00:00 GMT']],
    names: 'createdAt[gte] must be an ISO 8601 date',
  },
  {
    name: 'a NUL character',
    pairs: [['username[eq]', 'a\u0000b']],
    names: 'username[eq] must not contain a NUL character',
  },
  {
    name: 'a 1025-character value',
    pairs: [['username[cont]', 'x'.repeat(1025)]],
    names: 'username[cont] must be at most 1024 characters',
  },
  // ordering
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
  // unknown parameters
  { name: 'an unknown top-level parameter', pairs: [['offset', '10']], names: 'unknown parameter "offset"' },
  { name: 'a bare field=value', pairs: [['username', 'ann']], names: 'unknown parameter "username"' },
  { name: 'a bare non-filterable field=value', pairs: [['secret', 'x']], names: 'unknown parameter "secret"' },
  { name: 'cursor in a page query', pairs: [['cursor', 'abc']], names: 'unknown parameter "cursor"' },
  { name: 'where as a parameter', pairs: [['where', 'x']], names: 'unknown parameter "where"' },
  { name: 'where with brackets', pairs: [['where[username]', 'x']], names: 'unknown parameter "where[username]"' },
  { name: 'limit with brackets', pairs: [['limit[eq]', '5']], names: 'unknown parameter "limit[eq]"' },
  { name: 'a parameter in another case', pairs: [['Limit', '5']], names: 'unknown parameter "Limit"' },
  // prototype keys, in every position
  { name: '__proto__ as a parameter', pairs: [['__proto__', '1']], names: 'parameter "__proto__" is not allowed' },
  { name: '__proto__ as a field', pairs: [['__proto__[eq]', '1']], names: 'parameter "__proto__[eq]" is not allowed' },
  {
    name: '__proto__ as an operator',
    pairs: [['age[__proto__]', '1']],
    names: 'parameter "age[__proto__]" is not allowed',
  },
  {
    name: 'constructor as a parameter',
    pairs: [['constructor', '1']],
    names: 'parameter "constructor" is not allowed',
  },
  {
    name: 'constructor as a field',
    pairs: [['constructor[eq]', '1']],
    names: 'parameter "constructor[eq]" is not allowed',
  },
  {
    name: 'constructor as an operator',
    pairs: [['age[constructor]', '1']],
    names: 'parameter "age[constructor]" is not allowed',
  },
  { name: 'prototype as a parameter', pairs: [['prototype', '1']], names: 'parameter "prototype" is not allowed' },
  {
    name: 'prototype as a field',
    pairs: [
      ['prototype[operator]', 'eq'],
      ['prototype[value]', '1'],
    ],
    names: 'parameter "prototype[operator]" is not allowed',
  },
  {
    name: 'prototype as an operator',
    pairs: [['age[prototype]', '1']],
    names: 'parameter "age[prototype]" is not allowed',
  },
  {
    name: '__proto__ as the operator value',
    pairs: [
      ['age[operator]', '__proto__'],
      ['age[value]', '1'],
    ],
    names: 'age[operator]: unknown operator "__proto__"',
  },
  {
    name: 'constructor as the operator value',
    pairs: [
      ['age[operator]', 'constructor'],
      ['age[value]', '1'],
    ],
    names: 'age[operator]: unknown operator "constructor"',
  },
  {
    name: 'toString as an operator',
    pairs: [['age[toString]', '1']],
    names: 'age[toString]: unknown operator "toString"',
  },
  {
    name: 'hasOwnProperty as a field',
    pairs: [['hasOwnProperty[eq]', '1']],
    names: 'hasOwnProperty[eq]: "hasOwnProperty" is not a filterable field',
  },
  {
    name: '__proto__ as orderBy',
    pairs: [['orderBy', '__proto__']],
    names: 'orderBy: "__proto__" is not a sortable field',
  },
  {
    name: 'constructor as orderBy',
    pairs: [['orderBy', 'constructor']],
    names: 'orderBy: "constructor" is not a sortable field',
  },
  {
    name: '__proto__ as orderDirection',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', '__proto__'],
    ],
    names: 'orderDirection: "__proto__" must be ASC or DESC',
  },
  {
    name: 'constructor as orderDirection',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'constructor'],
    ],
    names: 'orderDirection: "constructor"',
  },
  {
    name: 'toString as orderDirection',
    pairs: [
      ['orderBy', 'age'],
      ['orderDirection', 'toString'],
    ],
    names: 'orderDirection: "toString"',
  },
  // hostile text
  {
    name: 'a long unknown key, cut in the message',
    pairs: [[`k${'y'.repeat(500)}`, '1']],
    names: `unknown parameter "k${'y'.repeat(63)}…"`,
  },
  {
    name: 'a long unknown field',
    pairs: [[`${'f'.repeat(300)}[eq]`, '1']],
    names: `"${'f'.repeat(64)}…" is not a filterable field`,
  },
  { name: 'a Unicode key', pairs: [['ünïcødé😀', '1']], names: 'unknown parameter "ünïcødé😀"' },
  { name: 'a full-width operator', pairs: [['age[ｇｔ]', '1']], names: 'age[ｇｔ]: unknown operator "ｇｔ"' },
  { name: 'a control character in a key', pairs: [['a\nb', '1']], names: 'unknown parameter "a?b"' },
  { name: 'nested brackets', pairs: [['age[gte][x]', '1']], names: 'unknown parameter "age[gte][x]"' },
  { name: 'an array-style key', pairs: [['role[in][]', 'admin']], names: 'unknown parameter "role[in][]"' },
  { name: 'an unclosed bracket', pairs: [['age[gte', '1']], names: 'unknown parameter "age[gte"' },
  { name: 'a bracket without a field', pairs: [['[eq]', '1']], names: 'unknown parameter "[eq]"' },
  {
    name: 'several problems at once',
    pairs: [
      ['limit', '0'],
      ['page', 'x'],
      ['nope', '1'],
    ],
    names: 'page must be a positive integer',
  },
  // raw strings only
  { name: 'an empty key', input: '=1', names: 'unknown parameter ""' },
  { name: 'a key without value', input: 'foo', names: 'unknown parameter "foo"' },
  { name: 'empty keys between ampersands', input: '&&=&limit=5', names: 'unknown parameter ""' },
  { name: 'a percent-encoded bracket key', input: 'age%5Bgte%5D=abc', names: 'age[gte] must be a number' },
  {
    name: 'a percent-encoded __proto__',
    input: '%5F%5Fproto%5F%5F%5Beq%5D=1',
    names: 'parameter "__proto__[eq]" is not allowed',
  },
  {
    name: 'a percent-encoded constructor',
    input: 'age[%63onstructor]=1',
    names: 'parameter "age[constructor]" is not allowed',
  },
  {
    name: 'a truncated percent-encoding',
    input: 'username[eq]=%E0%A4%A',
    names: 'malformed percent-encoding in the query string near "%E0%A4%A"',
  },
  {
    name: 'an invalid percent-encoding',
    input: '%ZZ=1',
    names: 'malformed percent-encoding in the query string near "%ZZ"',
  },
  { name: 'a lone percent sign', input: 'limit=%', names: 'malformed percent-encoding' },
  { name: 'an encoded lone surrogate', input: 'username[eq]=%ED%A0%80', names: 'malformed percent-encoding' },
  { name: 'a plus-encoded limit', input: 'limit=+5', names: 'limit must be a positive integer' },
  {
    name: 'a query string over 8192 characters',
    input: `username[eq]=${'x'.repeat(8200)}`,
    names: 'the query string must be at most 8192 characters',
  },
  {
    name: 'more than 256 parameters',
    input: Array.from({ length: 257 }, () => 'a=1').join('&'),
    names: 'the query must have at most 256 parameters',
  },
  {
    name: 'long URLSearchParams',
    input: new URLSearchParams({ 'username[eq]': 'x'.repeat(9000) }),
    names: 'the query string must be at most 8192 characters',
  },
  // parsed objects only
  {
    name: 'an own __proto__ key in an object',
    input: JSON.parse('{"__proto__":"1"}'),
    names: 'parameter "__proto__" is not allowed',
  },
  {
    name: 'an own __proto__ key holding operators',
    input: JSON.parse('{"__proto__":{"eq":"1"}}'),
    names: 'parameter "__proto__[eq]" is not allowed',
  },
  {
    name: 'an own __proto__ operator key',
    input: JSON.parse('{"age":{"__proto__":"1"}}'),
    names: 'parameter "age[__proto__]" is not allowed',
  },
  {
    name: 'an own __proto__ key in a flat key',
    input: JSON.parse('{"age[__proto__]":"1"}'),
    names: 'parameter "age[__proto__]" is not allowed',
  },
  {
    name: 'a constructor key holding operators',
    input: { constructor: { eq: '1' } },
    names: 'parameter "constructor[eq]" is not allowed',
  },
  {
    name: 'a prototype operator key',
    input: { age: { prototype: '1' } },
    names: 'parameter "age[prototype]" is not allowed',
  },
  { name: 'a number value', input: { limit: 10 }, names: '"limit" must be a string or a list of strings' },
  { name: 'a null value', input: { limit: null }, names: '"limit" must be a string or a list of strings' },
  { name: 'an empty list', input: { limit: [] }, names: '"limit" must be a string or a list of strings' },
  {
    name: 'a list holding a number',
    input: { 'role[in]': ['admin', 1] },
    names: '"role[in]" must be a string or a list of strings',
  },
  { name: 'a repeated limit as a list', input: { limit: ['5', '6'] }, names: 'limit must not be repeated' },
  { name: 'a Date value', input: { limit: new Date(0) }, names: '"limit" must be a string or a list of strings' },
  { name: 'an empty object value', input: { limit: {} }, names: 'parameter "limit" is not allowed' },
  { name: 'an empty operator object', input: { age: {} }, names: 'parameter "age" is not allowed' },
  {
    name: 'an undefined operator value',
    input: { age: { gte: undefined } },
    names: '"age[gte]" must be a string or a list of strings',
  },
  {
    name: 'an object three levels deep',
    input: { age: { gte: { x: '1' } } },
    names: '"age[gte]" must be a string or a list of strings',
  },
  {
    name: 'an object under a bracketed key',
    input: { 'age[gte]': { x: '1' } },
    names: 'parameter "age[gte]" is not allowed',
  },
  { name: 'an empty key in an object', input: { '': '1' }, names: 'unknown parameter ""' },
  {
    name: 'a Map',
    input: new Map([['limit', '0']]),
    names: 'the query must be a query string, URLSearchParams or an object',
  },
  { name: 'a number', input: 42, names: 'the query must be a query string, URLSearchParams or an object' },
  { name: 'a boolean', input: true, names: 'the query must be a query string' },
  { name: 'an array', input: [['limit', '5']], names: 'the query must be a query string' },
  { name: 'a function', input: () => 'limit=5', names: 'the query must be a query string' },
  { name: 'a symbol', input: Symbol('q'), names: 'the query must be a query string' },
];

const BAD_CASES = BAD_ROWS.flatMap((row) =>
  row.pairs
    ? inputForms(row.pairs).map(({ form, input }) => ({ ...row, form, input }))
    : [{ ...row, form: 'as given', input: row.input }],
);

describe('parseListQuery', () => {
  it.each(VALID_CASES)('returns the query for $name, from $form', ({ input, query }) => {
    expect(parseListQuery(input, users)).toStrictEqual(query);
  });

  it.each([
    { name: 'a bare isnull', input: 'deletedAt[isnull]' },
    { name: 'isnull=', input: 'deletedAt[isnull]=' },
    { name: 'isnull=true', input: 'deletedAt[isnull]=true' },
    { name: 'a bare isnull with a question mark', input: '?deletedAt[isnull]' },
    { name: 'a bare isnull in URLSearchParams', input: new URLSearchParams('deletedAt[isnull]') },
    { name: 'isnull as operator', input: 'deletedAt[operator]=isnull' },
    { name: 'isnull as operator with an empty value', input: 'deletedAt[operator]=isnull&deletedAt[value]=' },
  ])('treats $name as the same isnull condition', ({ input }) => {
    expect(parseListQuery(input, users).where).toStrictEqual({ deletedAt: { isnull: true } });
  });

  it.each([
    { name: 'percent-encoded brackets', input: 'age%5Bgte%5D=18', where: { age: { gte: 18 } } },
    { name: 'a plus as a space', input: 'username[cont]=a+b', where: { username: { cont: 'a b' } } },
    { name: 'an encoded plus', input: 'username[cont]=a%2Bb', where: { username: { cont: 'a+b' } } },
    { name: 'encoded UTF-8', input: 'username[eq]=%C3%A9lodie', where: { username: { eq: 'élodie' } } },
    { name: 'an encoded emoji', input: 'username[starts]=%F0%9F%98%80', where: { username: { starts: '😀' } } },
    { name: 'an equals sign in a value', input: 'username[eq]=a=b', where: { username: { eq: 'a=b' } } },
    { name: 'empty parts between ampersands', input: '&&age[gt]=1&&', where: { age: { gt: 1 } } },
    { name: 'unencoded Unicode', input: 'username[eq]=é😀', where: { username: { eq: 'é😀' } } },
  ])('decodes $name', ({ input, where }) => {
    expect(parseListQuery(input, users).where).toStrictEqual(where);
  });

  it.each([
    { name: 'null', input: null },
    { name: 'undefined', input: undefined },
    { name: 'an empty string', input: '' },
    { name: 'a lone question mark', input: '?' },
    { name: 'an empty object', input: {} },
    { name: 'a null-prototype object', input: Object.create(null) as unknown },
    { name: 'an object with an undefined value', input: { limit: undefined } },
  ])('returns the defaults for $name', ({ input }) => {
    expect(parseListQuery(input, users)).toStrictEqual(expected());
    expect(parseListQuery(input, strictUsers)).toStrictEqual({ page: 1, limit: 5, where: {}, orderBy: [asc('id')] });
  });

  it('returns a deeply frozen query', () => {
    const query = parseListQuery(
      'age[gte]=18&role[in]=admin&role[in]=guest&createdAt[between]=2024-01-01&createdAt[between]=2024-02-01&orderBy=age',
      users,
    );
    const where = query.where as Record<string, Record<string, unknown>>;
    expect(Object.isFrozen(query)).toBe(true);
    expect(Object.isFrozen(where)).toBe(true);
    expect(Object.isFrozen(where['age'])).toBe(true);
    expect(Object.isFrozen(where['role']?.['in'])).toBe(true);
    expect(Object.isFrozen(where['createdAt']?.['between'])).toBe(true);
    expect(Object.isFrozen(query.orderBy)).toBe(true);
    for (const term of query.orderBy) expect(Object.isFrozen(term)).toBe(true);
    expect(JSON.parse(JSON.stringify(query))).toStrictEqual({
      page: 1,
      limit: 10,
      where: {
        age: { gte: 18 },
        role: { in: ['admin', 'guest'] },
        createdAt: { between: ['2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z'] },
      },
      orderBy: [asc('age'), asc('id')],
    });
  });

  it('clamps a limit above maxLimit with the clamp policy and rejects it with the reject policy', () => {
    expect(parseListQuery('limit=1000', users).limit).toBe(50);
    expect(parseListQuery('limit=20', strictUsers).limit).toBe(20);
    const error = badRequestOf(() => parseListQuery('limit=21', strictUsers));
    expect(messagesOf(error)).toStrictEqual(['limit must be at most 20']);
  });

  it.each(BAD_CASES)('throws a 400 naming the parameter for $name, from $form', ({ input, names, resource }) => {
    const error = badRequestOf(() => parseListQuery(input, resource ?? users));
    expect(
      messagesOf(error).some((message) => message.includes(names)),
      `${JSON.stringify(error.message)} mentions ${names}`,
    ).toBe(true);
  });

  it('reports every problem of a request, one message each', () => {
    const error = badRequestOf(() => parseListQuery('limit=0&page=x&nope=1&age[gte]=abc&orderBy=secret', users));
    expect([...messagesOf(error)].sort()).toStrictEqual(
      [
        'age[gte] must be a number',
        'limit must be a positive integer',
        'orderBy: "secret" is not a sortable field',
        'page must be a positive integer',
        'unknown parameter "nope"',
      ].sort(),
    );
  });

  it.each([
    { name: 'a shorthand filter', query: (f: string) => `${f}[eq]=1` },
    { name: 'the spec form', query: (f: string) => `${f}[operator]=eq&${f}[value]=1` },
    { name: 'an unknown operator', query: (f: string) => `${f}[bogus]=1` },
    { name: 'an operator that fits no field', query: (f: string) => `${f}[gt]=x` },
    { name: 'a repeated operator', query: (f: string) => `${f}[operator]=eq&${f}[operator]=ne` },
    { name: 'a value without operator', query: (f: string) => `${f}[value]=1` },
    { name: 'isnull', query: (f: string) => `${f}[isnull]` },
    { name: 'a bare field', query: (f: string) => `${f}=1` },
    { name: 'orderBy', query: (f: string) => `orderBy=${f}` },
    { name: 'orderBy with a direction', query: (f: string) => `orderBy=${f}&orderDirection=DESC` },
  ])('gives an existing hidden field and a missing field the same message but for the name: $name', ({ query }) => {
    const messages = (field: string) =>
      messagesOf(badRequestOf(() => parseListQuery(query(field), users))).map((message) =>
        message.replaceAll(field, '<field>'),
      );
    expect(messages('secret')).toStrictEqual(messages('nopex'));
    expect(messages('tags')).toStrictEqual(messages('nopex'));
    const cursorMessages = (field: string) =>
      messagesOf(badRequestOf(() => parseCursorQuery(query(field), users))).map((message) =>
        message.replaceAll(field, '<field>'),
      );
    expect(cursorMessages('secret')).toStrictEqual(cursorMessages('nopex'));
  });

  it('never changes Object.prototype, whatever the input', () => {
    const before = prototypeSnapshot();
    for (const { input, resource } of BAD_CASES) {
      try {
        parseListQuery(input, resource ?? users);
      } catch {
        // A 400, asserted above.
      }
    }
    for (const { input } of VALID_CASES) parseListQuery(input, users);
    expect(prototypeSnapshot()).toStrictEqual(before);
    const probe: Record<string, unknown> = {};
    for (const key of ['eq', 'value', 'operator', '1', 'age', 'polluted']) expect(probe[key]).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype.toString)).not.toContain('eq');
  });

  it('returns a query that list accepts unchanged and applies', async () => {
    const repository = createMemoryRepository(users, { records: RECORDS });
    const query = parseListQuery('age[gte]=18&deletedAt[isnull]&orderBy=age&orderDirection=DESC&limit=2&page=2', users);
    const page = await repository.list(query);
    expect(page.items.map((user) => user.id)).toStrictEqual(['u4']);
    expect(page).toMatchObject({
      total: 3,
      page: 2,
      limit: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    const first = await repository.list(
      parseListQuery('age[gte]=18&deletedAt[isnull]&orderBy=age&orderDirection=DESC&limit=2', users),
    );
    expect(first.items.map((user) => user.id)).toStrictEqual(['u3', 'u6']);
  });

  it('validates a query parsed for another resource again, against the repository resource', async () => {
    const query = parseListQuery('age[gte]=18&orderBy=score', users);
    const strict = createMemoryRepository(strictUsers, { records: RECORDS });
    const page = await strict.list(query);
    expect(page.limit).toBe(10);
    expect(page.items.map((user) => user.id)).toStrictEqual(['u2', 'u3', 'u6', 'u5', 'u4']);
    const tooLarge = parseListQuery('limit=50', users);
    const error = await strict.list(tooLarge).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ statusCode: 400, message: ['limit must be at most 20'] });
  });

  it('rejects a page query given to a cursor listing, and a cursor query given to list', async () => {
    const repository = createMemoryRepository(users, { records: RECORDS });
    await expect(repository.listByCursor(parseListQuery('', users) as never)).rejects.toMatchObject({
      statusCode: 400,
      message: ['unknown option "page"'],
    });
    await expect(repository.list(parseCursorQuery('', users) as never)).rejects.toMatchObject({
      statusCode: 400,
      message: ['unknown option "cursor"'],
    });
  });

  it('takes a repeated Fastify-style list the same as repeated string parameters', () => {
    const pairs: Pair[] = [
      ['role[operator]', 'in'],
      ['role[values]', 'admin'],
      ['role[values]', 'guest'],
    ];
    expect(toFlatObject(pairs)).toStrictEqual({ 'role[operator]': 'in', 'role[values]': ['admin', 'guest'] });
    expect(parseListQuery(toFlatObject(pairs), users).where).toStrictEqual({
      role: { in: ['admin', 'guest'] },
    } satisfies Where<User>);
  });

  it.each([
    { parser: 'qs (Express with the extended parser, NestJS)', parse: (text: string): unknown => qs.parse(text) },
    { parser: 'node:querystring (Express 5, Koa)', parse: (text: string): unknown => parseNodeQuerystring(text) },
    { parser: 'fast-querystring (Fastify)', parse: (text: string): unknown => fastQuerystring.parse(text) },
  ])('returns the same query from the output of $parser as from the raw string', ({ parse }) => {
    const text =
      'page=2&limit=5&username[operator]=contl&username[value]=AN&age[gte]=18&age[lt]=65&role[in]=admin&role[in]=guest' +
      '&deletedAt[isnull]=&createdAt[between]=2024-01-01&createdAt[between]=2024-12-31&orderBy=role,age&orderDirection=ASC,DESC';
    expect(parseListQuery(parse(text), users)).toStrictEqual(parseListQuery(text, users));
    // qs drops prototype keys itself; the other parsers hand them over, and they are a 400 either way.
    const before = prototypeSnapshot();
    badRequestOf(() => parseListQuery(parse('__proto__[eq]=1&constructor[prototype]=1&limit=0'), users));
    expect(prototypeSnapshot()).toStrictEqual(before);
  });
});
