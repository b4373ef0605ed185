/** The search table of the contract: records and searches for case folding, literal matching and null fields. */
import type { Item } from './fixtures';

/**
 * Records for the search rules: case folding beyond ASCII (`Ä`, `İ`, which lower-cases to `i` and a combining dot),
 * LIKE and regular-expression metacharacters, a backslash and quotes, a null and a missing `nick`, and a record that
 * holds the text in both fields (it must come once).
 */
export const SEARCH_SEED: readonly Item[] = Object.freeze([
  { id: 's1', name: 'ÄBC Corp', nick: null, age: 30, active: true, status: 'active', createdAt: null },
  { id: 's2', name: 'äbc', nick: 'Zeta', age: 40, active: false, status: 'draft', createdAt: null },
  { id: 's3', name: 'İstanbul', nick: 'ist', age: 50, active: null, status: 'archived', createdAt: null },
  { id: 's4', name: '100% sure', nick: 'snake_case', age: 20, active: true, status: 'active', createdAt: null },
  { id: 's5', name: 'back\\slash', nick: 'it\'s "quoted"', age: 60, active: false, status: 'draft', createdAt: null },
  { id: 's6', name: 'a.*b+c?(d)[e]{f}^$|', nick: 'PLAIN', age: 25, active: true, status: 'archived', createdAt: null },
  { id: 's7', name: 'Plain', nick: 'ABC', age: 35, active: null, status: 'active', createdAt: null },
  { id: 's8', name: 'nothing here', age: null, active: false, status: 'draft', createdAt: null },
  { id: 's9', name: 'abcabc', nick: 'xAbcx', age: 45, active: true, status: 'archived', createdAt: null },
]);

/** Searches over {@link SEARCH_SEED} and the ids they must return (id ascending). */
export const SEARCH_ROWS: readonly { readonly search: string; readonly ids: readonly string[] }[] = [
  // case-insensitive by toLowerCase: ASCII, then beyond it (Ä and ä are one letter, A and Ä are not)
  { search: 'abc', ids: ['s7', 's9'] },
  { search: 'ABC', ids: ['s7', 's9'] },
  { search: 'aBc', ids: ['s7', 's9'] },
  { search: 'ÄBC', ids: ['s1', 's2'] },
  { search: 'äbc', ids: ['s1', 's2'] },
  { search: 'Äbc CORP', ids: ['s1'] },
  // İ lower-cases to i + U+0307: it finds itself and its lower-case form, and contains an i
  { search: 'İ', ids: ['s3'] },
  { search: 'i\u0307stan', ids: ['s3'] },
  { search: 'İSTANBUL', ids: ['s3'] },
  { search: 'ist', ids: ['s3'] },
  { search: 'I', ids: ['s3', 's5', 's6', 's7', 's8'] },
  // any field: the first, the second, both (once)
  { search: 'corp', ids: ['s1'] },
  { search: 'zeta', ids: ['s2'] },
  { search: 'plain', ids: ['s6', 's7'] },
  { search: 'x', ids: ['s9'] },
  { search: 'e', ids: ['s2', 's4', 's5', 's6', 's8'] },
  { search: ' ', ids: ['s1', 's4', 's5', 's8'] },
  // literal: never a LIKE pattern, an escape or a regular expression
  { search: '%', ids: ['s4'] },
  { search: '100%', ids: ['s4'] },
  { search: '%s', ids: [] },
  { search: '_', ids: ['s4'] },
  { search: 'e_c', ids: ['s4'] },
  { search: 'e_', ids: ['s4'] },
  { search: '\\', ids: ['s5'] },
  { search: 'k\\s', ids: ['s5'] },
  { search: '\\%', ids: [] },
  { search: "'", ids: ['s5'] },
  { search: '"', ids: ['s5'] },
  { search: 'it\'s "q', ids: ['s5'] },
  { search: "''", ids: [] },
  { search: '.', ids: ['s6'] },
  { search: '.*', ids: ['s6'] },
  { search: 'a.*b', ids: ['s6'] },
  { search: 'b+c?', ids: ['s6'] },
  { search: '(d)[e]{f}', ids: ['s6'] },
  { search: '^$|', ids: ['s6'] },
  { search: '[a-z]', ids: [] },
  { search: 'a.c', ids: [] },
  // a null or missing field matches nothing, not even its name
  { search: 'null', ids: [] },
  { search: 'undefined', ids: [] },
  { search: 'zzz', ids: [] },
  { search: 'x'.repeat(200), ids: [] },
];
