import { currentCorrelationId } from './request-context';

/** Options of {@link correlationMixin}. */
export interface CorrelationMixinOptions {
  /** The key of the id on each log line (default `'correlationId'`). */
  readonly key?: string;
}

/** A pino `mixin`: called for each line written, it returns the properties merged into that line. */
export type CorrelationMixin = () => Record<string, string>;

/**
 * Returns a `mixin` for pino (`pino({ mixin: correlationMixin() })`): every line written during a request gets the
 * request's correlation id (`{ correlationId: '...' }`), lines written outside a request nothing. Pino calls the
 * mixin for each line and merges what it returns (the line's own properties win), mutating it: each call returns a
 * new object. Any logger with such a hook can use it.
 *
 * @throws TypeError for a `key` that is not a non-empty string.
 * @example
 * const logger = pino({ mixin: correlationMixin() });
 * logger.info('order placed'); // {"level":30,...,"correlationId":"3b241101-e2bb-4255-8caf-4136c566a962","msg":"order placed"}
 */
export function correlationMixin(options: CorrelationMixinOptions = {}): CorrelationMixin {
  const key = options.key === undefined ? 'correlationId' : options.key;
  if (typeof key !== 'string' || key === '') throw new TypeError('correlationMixin: key must be a non-empty string');
  return () => {
    const id = currentCorrelationId();
    return id === undefined ? {} : { [key]: id };
  };
}
