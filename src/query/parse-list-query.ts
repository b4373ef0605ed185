import { toCondition } from './to-condition';
import type { Resource } from '../resource/define-resource';
import { withTieBreaker } from '../resource/define-resource';
import { finishQuery } from './normalize-list-input';
import { remember, type Condition, type NormalizedQuery } from './normalized-query';
import { isOperatorName, type OperatorName } from './operators';
import { parseOrderText } from './parse-order';
import { Problems, quote } from './problems';
import { readQueryPairs, type QueryPair } from './read-query-pairs';
import { CURSOR_DEFAULT_LIMIT, resolveLimit, resolvePage } from './resolve-bounds';
import { toWhere } from './to-where';
import type { CursorQuery, ListQuery } from './types';

interface FieldParams {
  operator?: QueryPair;
  value?: QueryPair;
  readonly values: QueryPair[];
  readonly shorthand: Map<OperatorName, QueryPair[]>;
}

type Mode = 'page' | 'cursor';

/**
 * Parses an HTTP list query (raw string, `URLSearchParams`, or a framework's parsed query object) into a frozen,
 * validated {@link ListQuery} for `list`.
 *
 * @throws HttpError 400 whose `message` is an array with one string per problem, naming each parameter as sent.
 * @example
 * const query = parseListQuery('?username[operator]=cont&username[value]=ab&orderBy=createdAt&orderDirection=DESC', users);
 * await repository.list(query);
 */
export function parseListQuery<TRecord>(query: unknown, resource: Resource<TRecord>): ListQuery<TRecord> {
  const { normalized } = parse(query, resource as Resource, 'page');
  const result = {
    page: normalized.page,
    limit: normalized.limit,
    where: toWhere(normalized.groups),
    orderBy: normalized.order,
  };
  return remember(result, normalized, resource, 'page') as unknown as ListQuery<TRecord>;
}

/**
 * Parses an HTTP cursor query: the grammar of {@link parseListQuery} with `cursor` in place of `page`, default
 * limit 20 and default order id ascending. Returns a frozen {@link CursorQuery} for `listByCursor`.
 *
 * @throws HttpError 400 as {@link parseListQuery} does, and for a malformed cursor or one issued for another filter or order.
 */
export function parseCursorQuery<TRecord>(query: unknown, resource: Resource<TRecord>): CursorQuery<TRecord> {
  const { normalized, cursor } = parse(query, resource as Resource, 'cursor');
  const result = {
    cursor,
    limit: normalized.limit,
    where: toWhere(normalized.groups),
    orderBy: normalized.order,
  };
  return remember(result, normalized, resource, 'cursor') as unknown as CursorQuery<TRecord>;
}

function parse(query: unknown, resource: Resource, mode: Mode): { normalized: NormalizedQuery; cursor: string | null } {
  const problems = new Problems();
  const scalars = new Map<string, QueryPair>();
  const fields = new Map<string, FieldParams>();
  const scalarNames = mode === 'page' ? PAGE_SCALARS : CURSOR_SCALARS;

  for (const pair of readQueryPairs(query)) {
    const { name, sub, key } = pair;
    if (sub === undefined) {
      if (!scalarNames.has(name)) problems.once(key, `unknown parameter ${quote(key)}`);
      else if (scalars.has(name)) problems.once(key, `${name} must not be repeated`);
      else scalars.set(name, pair);
      continue;
    }
    if (scalarNames.has(name) || ALL_SCALARS.has(name)) {
      problems.once(key, `unknown parameter ${quote(key)}`);
      continue;
    }
    if (!resource.filterable.has(name)) {
      problems.once(`field:${name}`, `${key}: ${quote(name)} is not a filterable field`);
      continue;
    }
    let params = fields.get(name);
    if (!params) fields.set(name, (params = { values: [], shorthand: new Map() }));
    if (sub === 'operator' || sub === 'value') {
      if (params[sub]) problems.once(key, `${key} must not be repeated`);
      else params[sub] = pair;
    } else if (sub === 'values') params.values.push(pair);
    else if (isOperatorName(sub)) {
      const list = params.shorthand.get(sub);
      if (list) list.push(pair);
      else params.shorthand.set(sub, [pair]);
    } else problems.once(key, `${key}: unknown operator ${quote(sub)}`);
  }

  const conditions: Condition[] = [];
  for (const [name, params] of fields) collectConditions(name, params, resource, problems, conditions);

  const order =
    parseOrderText(scalars.get('orderBy')?.value, scalars.get('orderDirection')?.value, resource, problems) ??
    (mode === 'page' ? resource.defaultOrder : withTieBreaker([], resource.idField));
  const fallback =
    mode === 'page' ? resource.pagination.defaultLimit : Math.min(CURSOR_DEFAULT_LIMIT, resource.pagination.maxLimit);
  const limit = resolveLimit(scalars.get('limit')?.value, fallback, resource, true, problems);
  const page = mode === 'page' ? resolvePage(scalars.get('page')?.value, true, problems) : 1;
  const cursorText = scalars.get('cursor')?.value;
  problems.throwIfAny();
  const normalized = finishQuery(
    { page, limit, groups: [Object.freeze(conditions)], order },
    cursorText,
    resource,
    problems,
  );
  return { normalized, cursor: cursorText ? cursorText : null };
}

const PAGE_SCALARS = new Set(['limit', 'page', 'orderBy', 'orderDirection']);
const CURSOR_SCALARS = new Set(['limit', 'cursor', 'orderBy', 'orderDirection']);
const ALL_SCALARS = new Set(['limit', 'page', 'cursor', 'orderBy', 'orderDirection', 'where']);

function collectConditions(
  name: string,
  params: FieldParams,
  resource: Resource,
  problems: Problems,
  out: Condition[],
): void {
  const def = resource.fields.get(name);
  const allowed = resource.filterable.get(name);
  if (!def || !allowed) return;
  const add = (op: string, values: readonly string[], param: string, opParam: string): void => {
    if (!isOperatorName(op)) return problems.add(`${opParam}: unknown operator ${quote(op)}`);
    if (!allowed.has(op))
      return problems.add(`${opParam}: operator ${quote(op)} is not allowed on field ${quote(name)}`);
    const condition = toCondition(def, op, values, param, true, problems);
    if (condition) out.push(condition);
  };
  const { operator, value, values, shorthand } = params;
  if (operator) {
    const given = value ? [value, ...values] : values;
    const op = operator.value;
    if (isOperatorName(op) && shorthand.has(op))
      problems.add(`${operator.key}: operator ${quote(op)} is given twice for field ${quote(name)}`);
    else
      add(
        op,
        given.map((p) => p.value),
        given[0]?.key ?? operator.key,
        operator.key,
      );
  } else if (value || values.length > 0) {
    problems.add(`${(value ?? values[0])?.key ?? name} needs ${name}[operator]`);
  }
  for (const [op, pairs] of shorthand) {
    const key = pairs[0]?.key ?? `${name}[${op}]`;
    if (pairs.length > 1 && !REPEATABLE.has(op)) problems.add(`${key} must not be repeated`);
    else
      add(
        op,
        pairs.map((p) => p.value),
        key,
        key,
      );
  }
}

const REPEATABLE: ReadonlySet<OperatorName> = new Set(['between', 'in', 'notin', 'inl', 'notinl']);
