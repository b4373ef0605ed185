/** Parameters and fields the resource does not have, hidden ones included, and hostile text in their names. */
import { type BadRow, strictUsers, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [];

export const BAD_ROWS: readonly BadRow[] = [
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
  { name: 'an unknown top-level parameter', pairs: [['offset', '10']], names: 'unknown parameter "offset"' },
  { name: 'a bare field=value', pairs: [['username', 'ann']], names: 'unknown parameter "username"' },
  { name: 'a bare non-filterable field=value', pairs: [['secret', 'x']], names: 'unknown parameter "secret"' },
  { name: 'cursor in a page query', pairs: [['cursor', 'abc']], names: 'unknown parameter "cursor"' },
  { name: 'where as a parameter', pairs: [['where', 'x']], names: 'unknown parameter "where"' },
  { name: 'where with brackets', pairs: [['where[username]', 'x']], names: 'unknown parameter "where[username]"' },
  { name: 'limit with brackets', pairs: [['limit[eq]', '5']], names: 'unknown parameter "limit[eq]"' },
  { name: 'a parameter in another case', pairs: [['Limit', '5']], names: 'unknown parameter "Limit"' },
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
  { name: 'an empty key', input: '=1', names: 'unknown parameter ""' },
  { name: 'a key without value', input: 'foo', names: 'unknown parameter "foo"' },
  { name: 'empty keys between ampersands', input: '&&=&limit=5', names: 'unknown parameter ""' },
  { name: 'an empty key in an object', input: { '': '1' }, names: 'unknown parameter ""' },
];
