import type { PaginationOptions, Resource } from '../resource/index';
import { QUERY_LIMITS } from '../fields/index';
import { OR_LIMITS, SEARCH_LENGTH } from '../query/index';
import type { JsonSchema } from './field-schema';
import { filterParameters, toQueryParameter, type FilterParameter } from './filter-parameters';
import { embedParameters, matchParameters, sortPaths } from './relation-parameters';

type Pagination = Readonly<Required<PaginationOptions>>;

/** A comma list that names one entry twice (`a,b,a`), which `select` and `orderBy` refuse: their schemas' `not`. */
const NAMED_TWICE = Object.freeze({ pattern: '(?:^|,)([^,]+),(?:[^,]*,)*\\1(?:,|$)' });

/** The query parameters of a list route (`page` mode) or a cursor route (`cursor` mode). */
export function listParameters(resource: Resource, pagination: Pagination, mode: 'page' | 'cursor'): unknown[] {
  const { defaultLimit, maxLimit, onLimitExceeded } = pagination;
  const clamp =
    onLimitExceeded === 'clamp' ? ` A larger limit is clamped to ${maxLimit}.` : ` A larger limit is a 400.`;
  const parameters: unknown[] = [
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Records per page, 1 to ${maxLimit} (default ${defaultLimit}).${clamp}`,
      // A clamped limit has no maximum: the server answers a larger one (with `maxLimit` records), never a 400.
      schema:
        onLimitExceeded === 'clamp'
          ? { type: 'integer', minimum: 1, default: defaultLimit }
          : { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
    },
  ];
  if (mode === 'page') {
    parameters.push({
      name: 'page',
      in: 'query',
      required: false,
      description: 'The page, from 1.',
      schema: { type: 'integer', minimum: 1, maximum: QUERY_LIMITS.maxPage, default: 1 },
    });
  } else {
    parameters.push({
      name: 'cursor',
      in: 'query',
      required: false,
      description:
        'The `nextCursor` of the previous page; absent for the first page. A cursor is bound to the filter and order it was issued for: the next request must repeat them.',
      schema: { type: 'string', minLength: 1 },
    });
  }
  parameters.push(...orderParameters(resource, mode), ...searchAndSelectParameters(resource));
  const filters = filterParameters(resource);
  parameters.push(...filters.map(toQueryParameter), ...matchParameters(resource));
  if (filters.length > 0) parameters.push(orParameter(filters));
  parameters.push(...embedParameters(resource));
  return parameters;
}

function searchAndSelectParameters(resource: Resource): unknown[] {
  const parameters: unknown[] = [];
  if (resource.searchable.length > 0) {
    parameters.push({
      name: 'search',
      in: 'query',
      required: false,
      description: `Text that any of ${resource.searchable.map((field) => `\`${field}\``).join(', ')} contains, ignoring case (literal, not a pattern); ANDed with the filters.`,
      schema: { type: 'string', minLength: SEARCH_LENGTH.min, maxLength: SEARCH_LENGTH.max },
    });
  }
  const fields = [...resource.fields.keys()].filter((field) => !resource.hidden.has(field));
  const one = `(${fields.map(escapeRegExp).join('|')})`;
  parameters.push({
    name: 'select',
    in: 'query',
    required: false,
    description: `The fields each item holds, comma-separated (\`${resource.idField}\` is always included): ${fields.map((field) => `\`${field}\``).join(', ')}.`,
    schema: { type: 'string', pattern: `^${one}(,${one})*$`, not: { ...NAMED_TWICE } },
  });
  return parameters;
}

/**
 * `or`: the OR groups as one JSON-encoded value, `[{ "<field>": { "<operator>": value } }, ...]`, a plain string
 * every client generator can send. (The server also takes them as `or[<n>][<field>][<operator>]` keys.)
 */
function orParameter(filters: readonly FilterParameter[]): unknown {
  const fields: Record<string, JsonSchema> = {};
  // The spec form (`operator`, `value`, `values`) is the query string's alone: in `or`, operators name themselves.
  for (const { field, op, schema } of filters) {
    if (op === 'operator' || op === 'value' || op === 'values') continue;
    const operators = ((fields[field] ??= { type: 'object', additionalProperties: false, properties: {} })[
      'properties'
    ] ??= {}) as Record<string, JsonSchema>;
    const value = { ...schema };
    delete value['description'];
    operators[op] = value;
  }
  return {
    name: 'or',
    in: 'query',
    required: false,
    description: `OR groups, as JSON: \`[{"<field>": {"<operator>": <value>}}, ...]\`, a list value as an array (\`{"age": {"between": [18, 65]}}\`). Up to ${OR_LIMITS.maxGroups} groups and ${OR_LIMITS.maxConditions} conditions in all; the conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search. The server also takes the keys \`or[<n>][<field>][<operator>]=<value>\`, \`n\` from 0, instead (not both).${filters.some(({ field }) => field.includes('.')) ? ' A relation path is a key like a field; the conditions of a group on one to-many relation hold for at least one same related record.' : ''}`,
    schema: {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: {
        type: 'array',
        minItems: 1,
        maxItems: OR_LIMITS.maxGroups,
        items: { type: 'object', properties: fields, additionalProperties: false },
      },
    },
  };
}

function orderParameters(resource: Resource, mode: 'page' | 'cursor'): unknown[] {
  const paths = sortPaths(resource);
  const fields = [...resource.sortable, ...paths];
  const one = `(${fields.map(escapeRegExp).join('|')})`;
  const direction = '([Aa][Ss][Cc]|[Dd][Ee][Ss][Cc])';
  const defaultOrder =
    mode === 'page'
      ? resource.defaultOrder.map((term) => `${term.field} ${term.direction.toUpperCase()}`).join(', ')
      : `${resource.idField} ASC`;
  return [
    {
      name: 'orderBy',
      in: 'query',
      required: false,
      description: `Sort fields, one or a comma-separated list of at most ${QUERY_LIMITS.maxOrderFields}: ${fields.map((field) => `\`${field}\``).join(', ')}. Default: ${defaultOrder}; the id always ends the order as the tie-breaker.${paths.length > 0 ? ' A relation path sorts by the related record, a record without one sorting as null: last ascending, first descending.' : ''}`,
      schema: {
        type: 'string',
        pattern: `^${one}(,${one}){0,${QUERY_LIMITS.maxOrderFields - 1}}$`,
        not: { ...NAMED_TWICE },
      },
    },
    {
      name: 'orderDirection',
      in: 'query',
      required: false,
      description:
        '`ASC` or `DESC` (any case): one for every `orderBy` field, or one per field as a comma-separated list. Needs `orderBy`; default ASC.',
      schema: { type: 'string', pattern: `^${direction}(,${direction})*$` },
    },
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
