import { badRequest, quote } from '../errors/index';
import { QUERY_LIMITS } from '../fields/index';
import { isRecordLike } from '../internal/index';
import { resolveRelations, type Resource } from '../resource/index';
import type { RelationsInput } from '../service/index';

const OPTIONS = ['include', 'counts'] as const;
type Option = (typeof OPTIONS)[number];

/** The most relation names one `include` or `counts` parameter may give (as on list routes). */
const MAX_NAMES = 16;

/** The values of `include` and `counts` in a query string, a `URLSearchParams` or a parsed query object. */
function valuesOf(query: unknown): Record<Option, unknown[]> | undefined {
  if (query === undefined || query === null) return undefined;
  let params: URLSearchParams | undefined;
  if (typeof query === 'string') {
    // The common GET carries no such parameter: nothing is parsed then.
    if (!/include|counts|%|\+/.test(query)) return undefined;
    const text = query.startsWith('?') ? query.slice(1) : query;
    if (text.length > QUERY_LIMITS.maxQueryLength)
      throw badRequest([`the query string must be at most ${QUERY_LIMITS.maxQueryLength} characters`]);
    try {
      params = new URLSearchParams(text);
    } catch {
      throw badRequest(['the query string could not be read']);
    }
  } else if (query instanceof URLSearchParams) params = query;
  if (params !== undefined) {
    const found = params;
    if (!found.has('include') && !found.has('counts')) return undefined;
    return { include: found.getAll('include'), counts: found.getAll('counts') };
  }
  if (!isRecordLike(query)) throw badRequest(['the query must be a query string, URLSearchParams or an object']);
  const record = query as Readonly<Record<string, unknown>>;
  const read = (option: Option): unknown[] => {
    const value = Object.hasOwn(record, option) ? record[option] : undefined;
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  let values: Record<Option, unknown[]>;
  try {
    values = { include: read('include'), counts: read('counts') };
  } catch {
    // A getter or Proxy trap of a query object that throws: its message is internal, so it never reaches the 400.
    throw badRequest(['the query object could not be read']);
  }
  return values.include.length === 0 && values.counts.length === 0 ? undefined : values;
}

/**
 * Reads `include` and `counts` of a GET `{path}/:id` query with the rules of the list routes: comma-separated names
 * of relations the resource declares `includable` (for `include`) or `countable` (for `counts`), each once, the
 * parameter once and not empty. Every other parameter is ignored. Returns `undefined` when the query has neither.
 *
 * @throws HttpError 400 naming each problem.
 */
export function readEmbedParams(query: unknown, resource: Resource): RelationsInput | undefined {
  const values = valuesOf(query);
  if (values === undefined) return undefined;
  const relations = resolveRelations(resource);
  const problems: string[] = [];
  const out: { include?: readonly string[]; counts?: readonly string[] } = {};
  for (const option of OPTIONS) {
    const given = values[option];
    if (given.length === 0) continue;
    if (given.length > 1) {
      problems.push(`${option} must not be repeated`);
      continue;
    }
    const text = given[0];
    if (typeof text !== 'string' || text === '') {
      problems.push(`${option} must name at least one relation`);
      continue;
    }
    const names = text.split(',');
    if (names.length > MAX_NAMES) {
      problems.push(`${option} may name at most ${MAX_NAMES} relations`);
      continue;
    }
    const seen = new Set<string>();
    for (const name of names) {
      const relation = relations.get(name);
      const allowed = option === 'include' ? relation?.includable : relation?.countable;
      // Unknown and not allowed read alike: a client cannot tell a relation it may not use from one that is absent.
      if (allowed !== true)
        problems.push(
          `${option}: ${quote(name)} is not ${option === 'include' ? 'an includable' : 'a countable'} relation`,
        );
      else if (seen.has(name)) problems.push(`${option}: ${quote(name)} is given twice`);
      else seen.add(name);
    }
    out[option] = [...seen];
  }
  if (problems.length > 0) throw badRequest(problems);
  return out;
}
