import { type Resource, resolveRelations, withTieBreaker } from '../../resource/index';
import { QUERY_LIMITS, type OrderDirection, type OrderTerm } from '../../fields/index';
import { quote, type ProblemSink } from '../../errors/index';

const DIRECTIONS: Readonly<Record<string, OrderDirection>> = { asc: 'asc', desc: 'desc' };

/**
 * Parses the HTTP `orderBy` (comma-separated sortable fields and to-one relation paths, `author.fullName`) and `orderDirection` (`ASC`/`DESC`, any case, one for
 * every key or one for all) parameters. Returns undefined when `orderBy` is absent or on any problem.
 */
export function parseOrderText(
  orderBy: string | undefined,
  orderDirection: string | undefined,
  resource: Resource,
  problems: ProblemSink,
): readonly OrderTerm[] | undefined {
  if (orderBy === undefined) {
    if (orderDirection !== undefined) problems.add('orderDirection needs orderBy');
    return undefined;
  }
  // Valid orders are few and immutable: remember the latest ones per resource, keyed by orderBy, then by
  // orderDirection. An absent orderDirection (key undefined) and an empty one (a 400, never cached) stay apart.
  let cache = orderCache.get(resource);
  if (!cache) orderCache.set(resource, (cache = new Map()));
  const byDirection = cache.get(orderBy);
  const cached = byDirection?.get(orderDirection);
  if (cached) return cached;
  const parsed = parseOrderUncached(orderBy, orderDirection, resource, problems);
  if (parsed) {
    if (byDirection) {
      if (byDirection.size >= DIRECTION_CACHE_SIZE) byDirection.clear();
      byDirection.set(orderDirection, parsed);
    } else {
      if (cache.size >= ORDER_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(orderBy, new Map([[orderDirection, parsed]]));
    }
  }
  return parsed;
}

const ORDER_CACHE_SIZE = 64;
const DIRECTION_CACHE_SIZE = 16;
const orderCache = new WeakMap<Resource, Map<string, Map<string | undefined, readonly OrderTerm[]>>>();

function parseOrderUncached(
  orderBy: string,
  orderDirection: string | undefined,
  resource: Resource,
  problems: ProblemSink,
): readonly OrderTerm[] | undefined {
  const fields = orderBy.split(',');
  const directions = orderDirection === undefined ? ['asc'] : orderDirection.split(',');
  let ok = true;
  if (fields.length > QUERY_LIMITS.maxOrderFields) {
    problems.add(`orderBy takes at most ${QUERY_LIMITS.maxOrderFields} fields`);
    return undefined;
  }
  const seen = new Set<string>();
  for (const field of fields) {
    if (!resource.sortable.has(field) && !isSortablePath(field, resource)) {
      problems.add(`orderBy: ${quote(field)} is not a sortable field`);
      ok = false;
    } else if (seen.has(field)) {
      problems.add(`orderBy: ${quote(field)} is given twice`);
      ok = false;
    }
    seen.add(field);
  }
  const parsed: OrderDirection[] = [];
  for (const direction of directions) {
    const value = DIRECTIONS[direction.toLowerCase()];
    if (value === undefined || !Object.prototype.hasOwnProperty.call(DIRECTIONS, direction.toLowerCase())) {
      problems.add(`orderDirection: ${quote(direction)} must be ASC or DESC`);
      ok = false;
    } else parsed.push(value);
  }
  if (directions.length !== 1 && directions.length !== fields.length) {
    problems.add(`orderDirection must give one direction, or one for each of the ${fields.length} orderBy fields`);
    ok = false;
  }
  if (!ok) return undefined;
  const terms = fields.map((field, i) =>
    Object.freeze({ field, direction: (parsed.length === 1 ? parsed[0] : parsed[i]) ?? 'asc' }),
  );
  return withTieBreaker(terms, resource.idField);
}

/** Whether `field` is a relation path the resource lets clients sort by (`author.fullName`; to-one relations only). */
function isSortablePath(field: string, resource: Resource): boolean {
  const dot = field.indexOf('.');
  if (dot === -1) return false;
  const relation = resolveRelations(resource).get(field.slice(0, dot));
  return relation?.kind === 'one' && relation.sortable.has(field.slice(dot + 1));
}
