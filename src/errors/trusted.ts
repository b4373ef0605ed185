/**
 * Values this copy of the errors module built and froze itself, one set per kind (message lists, extras, headers),
 * so that classifying an `HttpError` can reuse them instead of validating and copying them again. A frozen value
 * cannot change after it was checked; values from other copies of the package, or put on an instance after
 * construction, are not in the sets and are validated as before.
 *
 * Internal to the errors module.
 */

/** The one frozen empty record, used for "no extras" and "no headers" so that the common case is an identity check. */
export const EMPTY_RECORD: Readonly<Record<string, never>> = Object.freeze({});

/** A set of frozen values of one kind that need no second check. */
export interface TrustSet {
  /** Records a frozen value as already normalised; returns it. */
  mark<T extends object>(value: T): T;
  /** Tells whether `mark` recorded this value. */
  has(value: unknown): boolean;
}

function createTrustSet(): TrustSet {
  const values = new WeakSet<object>();
  return {
    mark(value) {
      values.add(value);
      return value;
    },
    has: (value) => typeof value === 'object' && value !== null && values.has(value),
  };
}

/** Frozen message lists from `normalizeMessage`. */
export const TRUSTED_MESSAGES: TrustSet = createTrustSet();
/** Frozen extras from `pickExtras`. */
export const TRUSTED_EXTRAS: TrustSet = createTrustSet();
/** Frozen header records from `toSafeHeaders`. */
export const TRUSTED_HEADERS: TrustSet = createTrustSet();
