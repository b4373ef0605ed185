import { badRequest, Problems, quote, type ProblemSink } from '../../errors/index';
import { QUERY_LIMITS } from '../../fields/index';
import { isRecordLike, isUnsafeKey } from '../../internal/index';

/**
 * A route query's parameters by name, each with its values in order (a parameter given twice has two): what the
 * routes other than the list grammar's read (GET one, DELETE, and the list routes' own `total` and `deleted`).
 */
export type RouteParams = ReadonlyMap<string, readonly unknown[]>;

const EMPTY: RouteParams = new Map();

/**
 * The parameters of a query as an adapter hands it: the raw query string (with or without `?`), a `URLSearchParams`,
 * or the framework's parsed query object (a value may be an array).
 *
 * @throws HttpError 400 for a query string over `QUERY_LIMITS.maxQueryLength`, one that cannot be read, or a query
 * of another type.
 */
export function queryParamsOf(query: unknown): RouteParams {
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

/**
 * Reports each parameter of `params` that `known` does not hold to `problems` (`unknown parameter "x"`, the list
 * grammar's wording, and as there `parameter "x" is not allowed` for a name holding `__proto__`, `constructor` or
 * `prototype`); without `problems`, throws them as one 400.
 *
 * @throws HttpError 400 naming each unknown parameter, when no `problems` is given.
 */
export function refuseUnknownParams(params: RouteParams, known: readonly string[], problems?: ProblemSink): void {
  const sink = problems ?? new Problems();
  for (const name of params.keys()) {
    if (known.includes(name)) continue;
    // A prototype key anywhere in the name is worded as the list grammar words it.
    const unsafe = name.split(/[[\]]/).some(isUnsafeKey);
    sink.add(unsafe ? `parameter ${quote(name)} is not allowed` : `unknown parameter ${quote(name)}`);
  }
  if (problems === undefined) (sink as Problems).throwIfAny();
}

/**
 * The one value of parameter `name`, which must be one of `allowed`, or `undefined` when it is absent (or wrong: a
 * repeated parameter or another value is reported to `problems`; without `problems`, thrown as a 400).
 *
 * @throws HttpError 400 for a repeated parameter or another value, when no `problems` is given.
 */
export function choiceParam<T extends string>(
  params: ReadonlyMap<string, readonly unknown[]>,
  name: string,
  allowed: readonly T[],
  problems?: ProblemSink,
): T | undefined {
  const values = params.get(name);
  if (values === undefined || values.length === 0) return undefined;
  const [value] = values;
  const problem =
    values.length > 1
      ? `${name} must not be repeated`
      : typeof value !== 'string' || !(allowed as readonly string[]).includes(value)
        ? `${name} must be ${allowed.map((one) => `'${one}'`).join(' or ')}`
        : undefined;
  if (problem === undefined) return value as T;
  if (problems === undefined) throw badRequest([problem]);
  problems.add(problem);
  return undefined;
}
