import { classifyThrown, type ClassifiedError } from './classify-error';
import { isSafeCorrelationId, newCorrelationId } from './correlation-id';
import { RESERVED_BODY_KEYS } from './pick-extras';
import { EMPTY_RECORD } from './trusted';

/**
 * The JSON body of every error response: fixed keys first, then the error's
 * extra keys, which can never override the fixed ones.
 */
export interface ErrorEnvelope {
  readonly statusCode: number;
  readonly message: string | readonly string[];
  readonly error: string;
  /** Epoch milliseconds. */
  readonly timestamp: number;
  readonly correlationID: string;
  readonly [key: string]: unknown;
}

/** Options of `toErrorEnvelope`. */
export interface ToErrorEnvelopeOptions {
  /** The request's correlation id; an unsafe value is replaced by a new uuid v4. */
  readonly correlationId: string;
  /** Clock in epoch milliseconds; defaults to `Date.now`, and is ignored when it throws or returns a non-finite number. */
  readonly now?: () => number;
}

/**
 * Turns any thrown value into a frozen error envelope
 * `{ statusCode, message, error, timestamp, correlationID, ...extras }`.
 * Pure and total: it never throws, whatever `error` and the options are.
 *
 * HTTP exceptions (`HttpError`, NestJS, http-errors, Fastify, Boom) keep their
 * status, message and extra body keys; status 429 or a `ThrottlerException`
 * gives `'Too Many Requests'`; anything else gives a 500
 * `'Internal server error'` whose body holds nothing of the thrown value.
 *
 * @param error - any thrown value
 * @param options - the correlation id and an optional clock
 * @returns a frozen envelope
 * @example
 * ```ts
 * toErrorEnvelope(new NotFoundError('Book not found'), { correlationId: 'req-1' });
 * // { statusCode: 404, message: 'Book not found', error: 'Not Found', timestamp: 1700000000000, correlationID: 'req-1' }
 * ```
 */
export function toErrorEnvelope(error: unknown, options: ToErrorEnvelopeOptions): ErrorEnvelope {
  const correlationId = readOption(options, 'correlationId');
  const safeId = isSafeCorrelationId(correlationId) ? correlationId : newCorrelationId();
  return buildErrorEnvelope(classifyThrown(error), safeId, readOption(options, 'now'));
}

/**
 * Builds the frozen envelope of an already classified error, given a correlation id the caller has already
 * checked with `isSafeCorrelationId` (or generated). Internal: used by `toErrorEnvelope` and `errorResponse`.
 * Never throws.
 */
export function buildErrorEnvelope(
  classified: ClassifiedError,
  safeCorrelationId: string,
  now: unknown,
): ErrorEnvelope {
  const envelope = {
    statusCode: classified.statusCode,
    message: classified.message,
    error: classified.error,
    timestamp: now === undefined ? Date.now() : readClock(now),
    correlationID: safeCorrelationId,
  };
  const extras = classified.extras;
  if (extras !== EMPTY_RECORD) {
    for (const key of Object.keys(extras)) {
      if (RESERVED_BODY_KEYS.has(key)) continue;
      // defineProperty, not assignment: a key such as `__proto__` must stay an own data property.
      Object.defineProperty(envelope, key, {
        value: extras[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return Object.freeze(envelope);
}

function readClock(now: unknown): number {
  if (typeof now === 'function') {
    try {
      const value: unknown = Reflect.apply(now, undefined, []);
      if (typeof value === 'number' && Number.isFinite(value)) return value;
    } catch {
      // Fall back to the system clock.
    }
  }
  return Date.now();
}

/** Reads one option, treating a missing, non-object or throwing options value as absent. */
export function readOption(options: unknown, key: string): unknown {
  if (options === undefined || options === null || typeof options !== 'object') return undefined;
  try {
    return (options as Readonly<Record<string, unknown>>)[key];
  } catch {
    return undefined;
  }
}
