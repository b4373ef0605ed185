import { describe, expect, it } from 'vitest';
import { errorTrace } from '../../src/http/error-trace';

const withStack = (message: string, options?: ErrorOptions) => {
  const error = new Error(message, options);
  error.stack = `Error: ${message}\n    at here`;
  return error;
};
const stackless = new TypeError('no stack');
stackless.stack = undefined;
const cycle = withStack('loop');
(cycle as { cause?: unknown }).cause = cycle;
let deep: Error = withStack('level 0');
for (let level = 1; level < 12; level++) deep = withStack(`level ${level}`, { cause: deep });

describe('errorTrace', () => {
  it.each([
    { label: 'an error without a cause', error: withStack('boom'), expected: 'Error: boom\n    at here' },
    {
      label: 'a cause chain',
      error: withStack('outer', { cause: withStack('inner') }),
      expected: 'Error: outer\n    at here\n[cause]: Error: inner\n    at here',
    },
    {
      label: 'a cause that is not an error',
      error: withStack('outer', { cause: 'ECONNRESET' }),
      expected: 'Error: outer\n    at here\n[cause]: ECONNRESET',
    },
    { label: 'an error without a stack', error: stackless, expected: 'TypeError: no stack' },
    { label: 'a string', error: 'plain text', expected: 'plain text' },
    { label: 'a number', error: 42, expected: '42' },
    { label: 'null', error: null, expected: 'null' },
    { label: 'undefined', error: undefined, expected: '' },
    { label: 'Unicode', error: 'ünïcødé ✓', expected: 'ünïcødé ✓' },
  ])('returns the text of $label', ({ error, expected }) => {
    expect(errorTrace(error)).toBe(expected);
  });

  it('returns at most 8 entries of a longer cause chain, outermost first', () => {
    const lines = errorTrace(deep)
      .split('\n')
      .filter((line) => line.startsWith('Error') || line.startsWith('[cause]'));
    expect(lines).toStrictEqual([
      'Error: level 11',
      ...[10, 9, 8, 7, 6, 5, 4].map((level) => `[cause]: Error: level ${level}`),
    ]);
  });

  it('returns 8 entries of a cause cycle, not looping', () => {
    expect(errorTrace(cycle).split('\n[cause]: ')).toHaveLength(8);
  });
});
