import { compileSearch, type SearchTerm } from '../kit/index';
import type { RowSource } from './select-top';
import type { TextColumn } from './text-column';

type Row = Readonly<Record<string, unknown>>;

/** The rows a search matches, read from the lower-cased packed text column of its fields. */
export interface SearchRows {
  /** Visits every matching row once, even when several of its fields hold the needle. */
  readonly source: RowSource;
  /**
   * One pass over the matches: how many there are, and the matching rows themselves when they are at most `keep`
   * (beyond it only counted, so a dense match costs no array of every match). Unless `exact`, the pass ends once
   * there are more than `keep`, and `total` is then only a lower bound.
   */
  gather(keep: number, exact?: boolean): { readonly total: number; readonly rows: readonly Row[] | undefined };
}

/**
 * The rows a search matches, from the lower-cased packed text column of its fields (`column`: the field's own for
 * one field, else one value per row joining the fields' lower-cased values, see `TextColumn.buildJoined`): one
 * native substring search over it, which visits each row once however many of its fields hold the needle, plus the
 * rows written since it was packed (its `extra` set, tested one by one with the `contl` rule). `undefined` without a
 * column (no separator fits the values): the caller then tests rows with {@link compileSearch}.
 */
export function searchRows(search: SearchTerm, column: TextColumn | undefined): SearchRows | undefined {
  if (!column) return undefined;
  const { needle } = search;
  const test = compileSearch(search);
  /** Visits each match once, until `stop` says so (asked after each visit). */
  const run = (visit: (row: Row) => void, stop?: () => boolean): void => {
    column.scanMatches('cont', needle, true, (row) => visit(row), stop);
    for (const row of column.extra) {
      if (stop?.()) return;
      if (test(row)) visit(row);
    }
  };

  return {
    source: (visit) => run(visit),
    gather: (keep, exact = true) => {
      const rows: Row[] = [];
      let total = 0;
      run(
        (row) => {
          if (total++ < keep) rows.push(row);
        },
        exact ? undefined : () => total > keep,
      );
      return { total, rows: total <= keep ? rows : undefined };
    },
  };
}
