import type { ReportError } from '../errors/index';
import { DEFAULT_BODY_LIMIT } from './json-body';
import { DEFAULT_DEPTH_LIMIT } from './json-depth';

/** The options most framework adapters share, as given: each adapter types `locals` with its own request types. */
export interface AdapterOptionsInput<TLocals> {
  /** Largest JSON request body read, in bytes (default `DEFAULT_BODY_LIMIT`, 16384); a larger one is a 413. */
  readonly bodyLimit?: number | undefined;
  /** The deepest nesting of arrays and objects a JSON body may have (default `DEFAULT_DEPTH_LIMIT`, 64); deeper: 400. */
  readonly depthLimit?: number | undefined;
  readonly locals?: TLocals | undefined;
  readonly reportError?: ReportError | false | undefined;
}

/** What {@link readAdapterOptions} checked: `bodyLimit` and `depthLimit` with their defaults. */
export interface AdapterOptions<TLocals> {
  readonly bodyLimit: number;
  readonly depthLimit: number;
  readonly locals: TLocals | undefined;
  readonly reportError: ReportError | false | undefined;
}

/**
 * Checks a framework adapter's options at set-up: an object, `bodyLimit` a positive integer (default
 * `DEFAULT_BODY_LIMIT`), `depthLimit` a positive integer (default `DEFAULT_DEPTH_LIMIT`), `locals` a function, `reportError` a function or `false`; absent options stay `undefined`.
 *
 * @throws TypeError, its message prefixed with `name: `, for the first option that is not what it must be.
 * @example
 * const { bodyLimit, locals } = readAdapterOptions('resourceRouter', options);
 */
export function readAdapterOptions<TLocals>(
  name: string,
  options: AdapterOptionsInput<TLocals>,
): AdapterOptions<TLocals> {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${name}: options must be an object`);
  const { bodyLimit = DEFAULT_BODY_LIMIT, depthLimit = DEFAULT_DEPTH_LIMIT, locals, reportError } = options;
  for (const [key, value] of [
    ['bodyLimit', bodyLimit],
    ['depthLimit', depthLimit],
  ] as const)
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new TypeError(`${name}: ${key} must be a positive integer, got ${String(value)}`);
  if (locals !== undefined && typeof locals !== 'function') throw new TypeError(`${name}: locals must be a function`);
  if (reportError !== undefined && reportError !== false && typeof reportError !== 'function')
    throw new TypeError(`${name}: reportError must be a function or false`);
  return { bodyLimit, depthLimit, locals, reportError };
}
