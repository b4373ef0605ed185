/** parseListQuery: prototype names in every position, and Object.prototype untouched by any input of the tables. */
import { describe, expect, it } from 'vitest';
import { parseListQuery } from 'pagelope';
import { badCases, expectBadRequestNaming, prototypeSnapshot, users, validCases } from '../../fixtures';
import { BAD_ROWS } from './rows/hostile-keys';
import { ALL_BAD_ROWS, ALL_VALID_ROWS } from './rows/index';

describe('parseListQuery', () => {
  it.each(badCases(BAD_ROWS))('throws a 400 naming the parameter for $name, from $form', (row) => {
    expectBadRequestNaming(row);
  });

  it('never changes Object.prototype, whatever the input', () => {
    const before = prototypeSnapshot();
    for (const { input, resource } of badCases(ALL_BAD_ROWS)) {
      try {
        parseListQuery(input, resource ?? users);
      } catch {
        // A 400, asserted by the table of its rule.
      }
    }
    for (const { input } of validCases(ALL_VALID_ROWS)) parseListQuery(input, users);
    expect(prototypeSnapshot()).toStrictEqual(before);
    const probe: Record<string, unknown> = {};
    for (const key of ['eq', 'value', 'operator', '1', 'age', 'polluted']) expect(probe[key]).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype.toString)).not.toContain('eq');
  });
});
