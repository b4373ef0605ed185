import { describe, expect, it } from 'vitest';
import { compileSearch, escapeLike, likeMatch, type SqlSearchSource } from '../../src/sql/index';

/** A positional dialect whose text test is `instr`, over a statement that records what it binds. */
function sourceOf(folds = true): SqlSearchSource & { readonly values: unknown[] } {
  const values: unknown[] = [];
  return {
    values,
    dialect: {
      never: '1 = 0',
      textMatch: (_mode, expression, needle, bind) => `instr(${expression()}, ${bind(needle)}) > 0`,
    },
    folds: () => folds,
    folded: (field) => `lower("${field}")`,
    add: (value) => {
      values.push(value);
      return '?';
    },
  };
}

describe('compileSearch', () => {
  it('returns one text test per field, ORed, each binding the needle', () => {
    const source = sourceOf();
    expect(compileSearch({ text: 'Ann', needle: 'ann', fields: ['name', 'email'] }, source)).toBe(
      '(instr(lower("name"), ?) > 0 OR instr(lower("email"), ?) > 0)',
    );
    expect(source.values).toEqual(['ann', 'ann']);
  });

  it("returns the dialect's condition no row meets for no field", () => {
    expect(compileSearch({ text: 'A', needle: 'a', fields: [] }, sourceOf())).toBe('1 = 0');
  });

  it('returns undefined, binding nothing, when a field cannot be folded', () => {
    const source = sourceOf(false);
    expect(compileSearch({ text: 'A', needle: 'a', fields: ['name'] }, source)).toBeUndefined();
    expect(source.values).toEqual([]);
  });
});

describe('likeMatch', () => {
  it.each([
    { mode: 'contains', needle: '100%', pattern: '%100\\%%' },
    { mode: 'starts', needle: 'snake_case', pattern: 'snake\\_case%' },
    { mode: 'ends', needle: 'back\\slash', pattern: '%back\\\\slash' },
    { mode: 'contains', needle: "'; DROP TABLE t; --", pattern: "%'; DROP TABLE t; --%" },
    { mode: 'contains', needle: '__proto__', pattern: '%\\_\\_proto\\_\\_%' },
    { mode: 'contains', needle: '', pattern: '%%' },
  ] as const)('returns a LIKE on the bound pattern $pattern for $mode $needle', ({ mode, needle, pattern }) => {
    const bound: string[] = [];
    const sql = likeMatch(mode, '"c"', needle, (value) => {
      bound.push(value);
      return '$1';
    });
    expect(sql).toBe(`"c" LIKE $1 ESCAPE '\\'`);
    expect(bound).toEqual([pattern]);
    expect(escapeLike(needle).length).toBeGreaterThanOrEqual(needle.length);
  });
});
