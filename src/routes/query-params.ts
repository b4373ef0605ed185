import { badRequest, quote } from '../errors/index';
import { QUERY_LIMITS } from '../fields/index';
import { isRecordLike } from '../internal/index';

/** A query's parameters by name, each with its values in order (a parameter given twice has two). */
export type QueryParams = ReadonlyMap<string, readonly unknown[]>;

const EMPTY: QueryParams = new Map();

/**
 * The parameters of a query as an adapter hands it: the raw query string (with or without `?`), a `URLSearchParams`,
 * or the framework's parsed query object (a value may be an array).
 *
 * @throws HttpError 400 for a query string over `QUERY_LIMITS.maxQueryLength`, one that cannot be read, or a query
 * of another type.
 */
export function queryParamsOf(query: unknown): QueryParams {
  if (query === undefined || query === null || query === '' || query === '?') return EMPTY;
  let params: URLSearchParams | undefined;
  if (typeof query === 'string') {
    const text = query.startsWith('?') ? query.slice(1) : query;
    if (text.length > QUERY_LIMITS.maxQueryLength)
      throw badRequest([`the query string must be at most ${QUERY_LIMITS.maxQueryLength} characters`]);
    try {
      params = new URLSearchParams(text);
    } catch {
      throw badRequest(['the query string could not be read']);
    }
  } else if (query instanceof URLSearchParams) params = query;
  const out = new Map<string, unknown[]>();
  if (params !== undefined) {
    for (const [name, value] of params) out.set(name, [...(out.get(name) ?? []), value]);
    return out;
  }
  if (!isRecordLike(query)) throw badRequest(['the query must be a query string, URLSearchParams or an object']);
  try {
    for (const name of Object.keys(query)) {
      const value = (query as Readonly<Record<string, unknown>>)[name];
      if (value !== undefined) out.set(name, Array.isArray(value) ? [...(value as unknown[])] : [value]);
    }
  } catch {
    // A getter or Proxy trap of a query object that throws: its message is internal, so it never reaches the 400.
    throw badRequest(['the query object could not be read']);
  }
  return out;
}

/** @throws HttpError 400 naming each parameter of `params` that `known` does not hold. */
export function refuseUnknownParams(params: QueryParams, known: readonly string[]): void {
  const unknown = [...params.keys()].filter((name) => !known.includes(name));
  if (unknown.length > 0) throw badRequest(unknown.map((name) => `unknown query parameter ${quote(name)}`));
}

/**
 * The one value of parameter `name`, which must be one of `allowed`, or `undefined` when it is absent.
 *
 * @throws HttpError 400 for a repeated parameter or another value.
 */
export function choiceParam<T extends string>(params: QueryParams, name: string, allowed: readonly T[]): T | undefined {
  const values = params.get(name);
  if (values === undefined || values.length === 0) return undefined;
  const [value] = values;
  if (values.length > 1) throw badRequest([`${name} must not be repeated`]);
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw badRequest([`${name} must be ${allowed.map((one) => `'${one}'`).join(' or ')}`]);
  return value as T;
}
