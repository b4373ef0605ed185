import { isPlainObject } from '../internal/index';
import { isHttpError } from './http-error';
import { normalizeMessage } from './normalize-message';
import { pickExtras } from './pick-extras';
import { toSafeHeaders } from './safe-headers';
import { statusName } from './status-names';
import { EMPTY_RECORD } from './trusted';

/** What any thrown value becomes before it is put into an envelope. */
export interface ClassifiedError {
  readonly statusCode: number;
  readonly message: string | readonly string[];
  readonly error: string;
  readonly extras: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;
}

/** The classification of anything unrecognised: no detail of it reaches the body. */
export const INTERNAL_ERROR: ClassifiedError = Object.freeze({
  statusCode: 500,
  message: 'Internal server error',
  error: 'Internal server error',
  extras: EMPTY_RECORD,
  headers: EMPTY_RECORD,
});

/**
 * Turns any thrown value into a status, message, error name, extra body keys
 * and response headers. Never throws, whatever it is given.
 *
 * Recognised, in this order: an error named `ThrottlerException`; `HttpError`
 * (by `instanceof` or brand, fields re-validated); Boom (`isBoom === true`,
 * `output.statusCode`, `output.payload`, `output.headers`); NestJS
 * `HttpException` (`getStatus()`, `getResponse()` giving a string or a body);
 * http-errors and Fastify (an `Error` or plain object with an integer
 * `statusCode`, or else `status`, from 400 to 599). The message of the last
 * shape becomes the reason phrase when `expose` is `false`, or when the status
 * is 5xx and `expose` is not `true`; that shape carries no extras, because
 * such errors (from HTTP clients too) hold internal state. Status 429 from any
 * shape becomes `{ 429, 'Too Many Requests', 'Too Many Requests' }`, keeping
 * headers such as `retry-after`. Anything else, or any shape with a status
 * outside 400..599 or a read that throws, is {@link INTERNAL_ERROR}.
 *
 * Internal to the errors module, importable by path for other modules.
 *
 * @param error - any thrown value
 * @returns a frozen classification
 * @example
 * ```ts
 * classifyError(new NotFoundError()); // { statusCode: 404, message: 'Not Found', error: 'Not Found', ... }
 * classifyError('boom'); // INTERNAL_ERROR
 * ```
 */
export function classifyError(error: unknown): ClassifiedError {
  return Object.freeze(classifyThrown(error));
}

/**
 * {@link classifyError} without the final freeze, for the envelope builders, which copy the fields straight into
 * their own frozen objects. The classification may be a fresh, unfrozen object: never hand it out. Never throws.
 */
export function classifyThrown(error: unknown): ClassifiedError {
  try {
    return classify(error) ?? INTERNAL_ERROR;
  } catch {
    return INTERNAL_ERROR;
  }
}

type Bag = Readonly<Record<string, unknown>>;

function classify(value: unknown): ClassifiedError | undefined {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  const bag = value as Bag;
  if (bag['name'] === 'ThrottlerException') return tooManyRequests(bag['headers']);
  if (isHttpError(value)) {
    return build(bag['statusCode'], {
      message: bag['message'],
      error: bag['error'],
      extras: bag['extras'],
      headers: bag['headers'],
    });
  }
  if (bag['isBoom'] === true) {
    const output = asObject(bag['output']);
    if (output === undefined) return undefined;
    const payload = asBody(output['payload']);
    return build(output['statusCode'], {
      message: payload?.['message'],
      error: payload?.['error'],
      extras: payload,
      headers: output['headers'],
    });
  }
  if (typeof bag['getStatus'] === 'function' && typeof bag['getResponse'] === 'function') {
    const status: unknown = Reflect.apply(bag['getStatus'] as () => unknown, value, []);
    const response: unknown = Reflect.apply(bag['getResponse'] as () => unknown, value, []);
    const body = asBody(response);
    return build(status, {
      message: body === undefined ? (isObjectLike(response) ? undefined : response) : body['message'],
      error: body?.['error'],
      extras: body,
      headers: bag['headers'],
    });
  }
  if (value instanceof Error || isPlainObject(value)) {
    const status = typeof bag['statusCode'] === 'number' ? bag['statusCode'] : bag['status'];
    if (!isErrorStatus(status)) return undefined;
    const expose = bag['expose'];
    const hidden = expose === false || (status >= 500 && expose !== true);
    return build(status, { message: hidden ? undefined : bag['message'], headers: bag['headers'] });
  }
  return undefined;
}

interface Parts {
  readonly message?: unknown;
  readonly error?: unknown;
  readonly extras?: unknown;
  readonly headers?: unknown;
}

function build(status: unknown, parts: Parts): ClassifiedError | undefined {
  if (!isErrorStatus(status)) return undefined;
  if (status === 429) return tooManyRequests(parts.headers);
  const reason = statusName(status);
  const error = parts.error;
  return {
    statusCode: status,
    message: normalizeMessage(parts.message, reason),
    error: typeof error === 'string' && error.length > 0 ? error : reason,
    extras: pickExtras(parts.extras),
    headers: toSafeHeaders(parts.headers),
  };
}

/** The classification of a rate-limit rejection that carries no headers. */
const TOO_MANY_REQUESTS: ClassifiedError = Object.freeze({
  statusCode: 429,
  message: 'Too Many Requests',
  error: 'Too Many Requests',
  extras: EMPTY_RECORD,
  headers: EMPTY_RECORD,
});

function tooManyRequests(headers: unknown): ClassifiedError {
  const safe = toSafeHeaders(headers);
  return safe === EMPTY_RECORD ? TOO_MANY_REQUESTS : { ...TOO_MANY_REQUESTS, headers: safe };
}

function isErrorStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599;
}

function asObject(value: unknown): Bag | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Bag) : undefined;
}

/** A body given by a NestJS or Boom error: a plain object only, never an `Error` or other class instance. */
function asBody(value: unknown): Bag | undefined {
  return isObjectLike(value) && !Array.isArray(value) && isPlainObject(value) ? (value as Bag) : undefined;
}

function isObjectLike(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
