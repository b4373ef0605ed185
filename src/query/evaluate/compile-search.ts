import type { SearchTerm } from '../model/index';

type Row = Readonly<Record<string, unknown>>;
type Predicate = (row: Row) => boolean;

/** Whether `field` of a row holds a string that contains `needle` once lower-cased: the `contl` rule. */
function containsLower(field: string, needle: string): Predicate {
  return (row) => {
    const value = row[field];
    return typeof value === 'string' && value.toLowerCase().includes(needle);
  };
}

/**
 * The reference search as a predicate over records: some searchable field holds a string that contains the needle
 * once both are lower-cased (`toLowerCase()`, literal, never a pattern); null and missing values never match.
 *
 * @example
 * const matches = compileSearch(query.search); // query: a NormalizedQuery with a search
 * matches({ id: 'u1', username: 'Ada' }); // true for the search 'ad'
 */
export function compileSearch(search: SearchTerm): Predicate {
  const tests = search.fields.map((field) => containsLower(field, search.needle));
  if (tests.length === 1) return tests[0] as Predicate;
  return (row) => {
    for (const test of tests) if (test(row)) return true;
    return false;
  };
}
