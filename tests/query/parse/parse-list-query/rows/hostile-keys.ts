/** `__proto__`, `constructor`, `prototype` and other Object.prototype names in every position of a query. */
import { type BadRow, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [];

export const BAD_ROWS: readonly BadRow[] = [
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
];
