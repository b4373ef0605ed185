import { TOTAL_THRESHOLD, isTotalMode, isTotalThreshold } from '../pagination/index';
import type { RouteOptions } from './route-options';

/** The route options of the total modes, which are not booleans. */
export const TOTAL_OPTIONS: ReadonlySet<string> = new Set(['total', 'clientTotal', 'totalThreshold']);

/**
 * Checks one total option of a route's options (`total`, `clientTotal`, `totalThreshold`) at definition time.
 *
 * @throws TypeError (through `fail`) for a mode that is not one, a `clientTotal` that is not a non-empty list of
 * distinct modes, or a threshold that is not an integer from 1 to `TOTAL_THRESHOLD.max`.
 */
export function checkTotalOption(key: string, value: unknown, type: string, fail: (message: string) => never): void {
  if (value === undefined) return;
  const modes = "'exact', 'estimated' or 'none'";
  if (key === 'total' && !isTotalMode(value)) fail(`option "total" of route ${type} must be ${modes}`);
  if (key === 'totalThreshold' && !isTotalThreshold(value))
    fail(`option "totalThreshold" of route ${type} must be an integer from 1 to ${TOTAL_THRESHOLD.max}`);
  if (key === 'clientTotal') {
    const list = value as readonly unknown[];
    if (!Array.isArray(value) || list.length === 0 || !list.every(isTotalMode) || new Set(list).size !== list.length)
      fail(`option "clientTotal" of route ${type} must be a non-empty list of distinct modes, each ${modes}`);
  }
}

/**
 * Checks that a route's `totalThreshold` is read: only with `total: 'estimated'` or `'estimated'` in `clientTotal`
 * (in any other mode it would be ignored).
 *
 * @throws TypeError (through `fail`) for a threshold the route never uses.
 */
export function checkTotalThreshold(options: RouteOptions, type: string, fail: (message: string) => never): void {
  if (options.totalThreshold === undefined || options.total === 'estimated') return;
  if (Array.isArray(options.clientTotal) && options.clientTotal.includes('estimated')) return;
  fail(`option "totalThreshold" of route ${type} needs total: 'estimated' or 'estimated' in clientTotal`);
}
