import { type ProblemSink } from '../../errors/index';
import { TOTAL_THRESHOLD, isTotalMode, isTotalThreshold, type TotalMode } from '../../pagination/index';
import type { NormalizedQuery } from './normalized-query';

/** The total mode and threshold of a normalized page query: only what differs from the default. */
export type ResolvedTotal = Pick<NormalizedQuery, 'total' | 'totalThreshold'>;

/**
 * The `total` and `totalThreshold` of programmatic `list` input, checked: `total` one of the total modes, the
 * threshold an integer from 1 to `TOTAL_THRESHOLD.max`, given in `'estimated'` mode only (elsewhere it would be
 * ignored, so it is a problem). The result holds `total` only for a mode other than `'exact'` and the threshold only
 * in `'estimated'` mode, so a query in the default mode is the one it always was. A problem is reported to
 * `problems` and resolves to the default.
 */
export function resolveTotal(total: unknown, threshold: unknown, problems: ProblemSink): ResolvedTotal {
  let mode: TotalMode = 'exact';
  if (total !== undefined) {
    if (isTotalMode(total)) mode = total;
    else problems.add(`total must be 'exact', 'estimated' or 'none'`);
  }
  if (threshold !== undefined && !isTotalThreshold(threshold)) {
    problems.add(`totalThreshold must be an integer from 1 to ${TOTAL_THRESHOLD.max}`);
    threshold = undefined;
  } else if (threshold !== undefined && mode !== 'estimated' && mode === (total ?? 'exact')) {
    // Only beside a valid mode: an invalid one is its own problem.
    problems.add(`totalThreshold applies to total: 'estimated' only`);
  }
  if (mode === 'exact') return {};
  if (mode === 'none') return { total: mode };
  return { total: mode, totalThreshold: (threshold as number | undefined) ?? TOTAL_THRESHOLD.default };
}
