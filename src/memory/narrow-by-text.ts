import { OPERATORS, type OperatorName, type Condition, compilePredicate } from '../kit/index';
import type { RowSource } from './select-top';
import type { TextColumn, TextMatch } from './text-column';

type Row = Readonly<Record<string, unknown>>;

/** The substring operators a packed text column answers, and how each places its needle. */
const TEXT_MATCH: Partial<Record<OperatorName, TextMatch>> = {
  cont: 'cont',
  excl: 'cont',
  starts: 'starts',
  ends: 'ends',
  contl: 'cont',
  excll: 'cont',
  startsl: 'starts',
  endsl: 'ends',
};

/** The rows that meet one condition of an AND-group, read from a packed text column. */
export interface TextNarrowing {
  /** Visits every row that meets the condition, once each. */
  readonly source: RowSource;
  /** How many rows meet the condition (cheaper than counting the source's visits). */
  count(): number;
}

/**
 * Narrows an AND-group by its first substring condition (`cont`, `starts`, `ends`, `excl` and their `l` twins, with
 * a non-empty needle) on a string field whose packed text column the store can provide; `undefined` otherwise.
 * Rows written since the column was packed are tested one by one with the condition's own predicate.
 */
export function narrowByText(
  group: readonly Condition[],
  textColumn: (field: string, lower: boolean) => TextColumn | undefined,
): TextNarrowing | undefined {
  for (const condition of group) {
    const how = TEXT_MATCH[condition.op];
    const needle = condition.value;
    if (how === undefined || condition.def.kind !== 'string' || typeof needle !== 'string' || needle === '') continue;
    const { caseInsensitive: lower, negated } = OPERATORS[condition.op];
    const column = textColumn(condition.field, lower);
    if (!column) continue;
    const test = compilePredicate([[condition]]);
    const extras = (visit?: (row: Row) => void): number => {
      let count = 0;
      for (const row of column.extra) {
        if (!test(row)) continue;
        count++;
        visit?.(row);
      }
      return count;
    };
    if (!negated) {
      return {
        count: () => column.scanMatches(how, needle, lower) + extras(),
        source: (visit) => {
          column.scanMatches(how, needle, lower, visit);
          extras(visit);
        },
      };
    }
    // Negations match every value that is present and lacks the needle (never null): the complement of the matches.
    return {
      count: () => column.values - column.scanMatches(how, needle, lower) + extras(),
      source: (visit) => {
        const matched: Row[] = [];
        column.scanMatches(how, needle, lower, (row) => matched.push(row));
        column.forEachOther(matched, visit);
        extras(visit);
      },
    };
  }
  return undefined;
}
