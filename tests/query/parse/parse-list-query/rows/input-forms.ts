/** The input forms: raw query strings (percent-encoding, size bounds), URLSearchParams, parsed objects and non-queries. */
import { type BadRow, type ValidRow } from '../../../fixtures';

export const VALID_ROWS: readonly ValidRow[] = [];

export const BAD_ROWS: readonly BadRow[] = [
  { name: 'a percent-encoded bracket key', input: 'age%5Bgte%5D=abc', names: 'age[gte] must be a number' },
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
  { name: 'a number value', input: { limit: 10 }, names: '"limit" must be a string or a list of strings' },
  { name: 'a null value', input: { limit: null }, names: '"limit" must be a string or a list of strings' },
  { name: 'an empty list', input: { limit: [] }, names: '"limit" must be a string or a list of strings' },
  {
    name: 'a list holding a number',
    input: { 'role[in]': ['admin', 1] },
    names: '"role[in]" must be a string or a list of strings',
  },
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
