/** Values: text turned into the field's type (number, boolean, enum, date), text kept as sent, and values the type rejects. */
import { type BadRow, date, expected, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [
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
    name: 'a number in exponent form',
    pairs: [['score[gt]', '1e3']],
    query: expected({ where: { score: { gt: 1000 } } }),
  },
  {
    name: 'a negative number with a fraction and a negative exponent',
    pairs: [['score[lt]', '-2.5E-4']],
    query: expected({ where: { score: { lt: -0.00025 } } }),
  },
  { name: 'an integer in exponent form', pairs: [['age[eq]', '3e1']], query: expected({ where: { age: { eq: 30 } } }) },
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
];

export const BAD_ROWS: readonly BadRow[] = [
  { name: 'a non-numeric number', pairs: [['age[gte]', 'abc']], names: 'age[gte] must be a number' },
  { name: 'an empty number', pairs: [['age[gt]', '']], names: 'age[gt] must be a number' },
  { name: 'a number beyond the doubles', pairs: [['score[gt]', '1e400']], names: 'score[gt] must be a number' },
  { name: 'an exponent without digits', pairs: [['score[gt]', '1e']], names: 'score[gt] must be a number' },
  {
    name: 'an exponent with a leading zero mantissa',
    pairs: [['score[gt]', '01e3']],
    names: 'score[gt] must be a number',
  },
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
];
