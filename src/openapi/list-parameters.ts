import type { PaginationOptions, Resource } from '../resource/index';
import { type FieldDef, MAX_LIST_VALUES, OPERATORS, QUERY_LIMITS, type OperatorName } from '../fields/index';
import { OR_LIMITS, SEARCH_LENGTH } from '../query/index';
import type { JsonSchema } from './record-schemas';

type Pagination = Readonly<Required<PaginationOptions>>;

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
      schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
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
  parameters.push(...filters);
  if (filters.length > 0) parameters.push(orParameter(filters));
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
    schema: { type: 'string', pattern: `^${one}(,${one})*$` },
  });
  return parameters;
}

/** `or[<n>][<field>][<op>]`: up to 8 groups of the same field filters, ORed, each ANDed with the top-level ones. */
function orParameter(filters: readonly unknown[]): unknown {
  const properties: Record<string, unknown> = {};
  for (const filter of filters as { name: string; schema: JsonSchema }[]) properties[filter.name] = filter.schema;
  return {
    name: 'or',
    in: 'query',
    required: false,
    style: 'deepObject',
    explode: true,
    example: {},
    description: `OR groups: \`or[<n>][<field>][<operator>]=<value>\` (or the spec form \`or[<n>][<field>][operator]\`), \`n\` from 0 to ${OR_LIMITS.maxGroups - 1}, numbered from 0 without gaps, at most ${OR_LIMITS.maxConditions} conditions in all. The conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search.`,
    schema: {
      type: 'object',
      propertyNames: { pattern: `^[0-${OR_LIMITS.maxGroups - 1}]$` },
      maxProperties: OR_LIMITS.maxGroups,
      additionalProperties: { type: 'object', properties, additionalProperties: false },
    },
  };
}

function orderParameters(resource: Resource, mode: 'page' | 'cursor'): unknown[] {
  const fields = [...resource.sortable];
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
      description: `Sort fields, one or a comma-separated list of at most ${QUERY_LIMITS.maxOrderFields}: ${fields.map((field) => `\`${field}\``).join(', ')}. Default: ${defaultOrder}; the id always ends the order as the tie-breaker.`,
      schema: { type: 'string', pattern: `^${one}(,${one}){0,${QUERY_LIMITS.maxOrderFields - 1}}$` },
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

function filterParameters(resource: Resource): unknown[] {
  const parameters: unknown[] = [];
  for (const [field, allowed] of resource.filterable) {
    const def = resource.fields.get(field);
    if (!def || def.kind === 'other' || allowed.size === 0) continue;
    const ops = [...allowed];
    const properties: Record<string, JsonSchema> = {};
    for (const op of ops) properties[op] = operatorValueSchema(def, op);
    const scalar = valueSchema(def, false);
    properties['operator'] = {
      type: 'string',
      enum: ops,
      description: 'The spec form: the operator, with `value` or `values`.',
    };
    properties['value'] = { ...scalar, description: 'The spec form: the value of `operator`.' };
    properties['values'] = {
      type: 'array',
      items: scalar,
      maxItems: MAX_LIST_VALUES,
      description: 'The spec form: the values of a list operator, or the two bounds of `between`.',
    };
    parameters.push({
      name: field,
      in: 'query',
      required: false,
      style: 'deepObject',
      explode: true,
      // Without it, interactive docs (Swagger UI) fill in every operator with a sample value and send them all.
      example: {},
      description: `Filters on \`${field}\` (${def.kind}${def.nullable ? ', nullable' : ''}): \`${field}[<operator>]=<value>\` with ${ops.map((op) => `\`${op}\``).join(', ')}, or \`${field}[operator]=<operator>&${field}[value]=<value>\`. Conditions are ANDed.`,
      schema: { type: 'object', properties, additionalProperties: false },
    });
  }
  return parameters;
}

const MEANING: Readonly<Record<OperatorName, string>> = {
  eq: 'equal to',
  ne: 'not equal to (never matches null)',
  gt: 'greater than',
  gte: 'greater than or equal to',
  lt: 'less than',
  lte: 'less than or equal to',
  between: 'between the two bounds, inclusive',
  in: 'one of the values',
  notin: 'none of the values (never matches null)',
  isnull: 'null or missing',
  notnull: 'present and not null',
  cont: 'contains the text (case-sensitive, literal)',
  excl: 'does not contain the text (case-sensitive)',
  starts: 'starts with the text (case-sensitive)',
  ends: 'ends with the text (case-sensitive)',
  eql: 'equal to, ignoring case',
  nel: 'not equal to, ignoring case',
  contl: 'contains the text, ignoring case',
  excll: 'does not contain the text, ignoring case',
  startsl: 'starts with the text, ignoring case',
  endsl: 'ends with the text, ignoring case',
  inl: 'one of the values, ignoring case',
  notinl: 'none of the values, ignoring case',
};

function operatorValueSchema(def: FieldDef, op: OperatorName): JsonSchema {
  const spec = OPERATORS[op];
  const item = valueSchema(def, spec.caseInsensitive);
  switch (spec.arity) {
    case 'none':
      return { type: 'boolean', enum: [true], description: `${MEANING[op]}: takes no value (or \`true\`).` };
    case 'two':
      return {
        type: 'array',
        items: item,
        minItems: 2,
        maxItems: 2,
        description: `${MEANING[op]}: two values, low then high, as repeated keys.`,
      };
    case 'many':
      return {
        type: 'array',
        items: item,
        minItems: 1,
        maxItems: MAX_LIST_VALUES,
        description: `${MEANING[op]}: up to ${MAX_LIST_VALUES} values, as repeated keys.`,
      };
    default:
      return { ...item, description: `${MEANING[op]}.` };
  }
}

function valueSchema(def: FieldDef, caseInsensitive: boolean): JsonSchema {
  switch (def.kind) {
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return caseInsensitive ? { type: 'string' } : { type: 'string', enum: [...(def.enumValues ?? [])] };
    default:
      return { type: 'string', maxLength: QUERY_LIMITS.maxValueLength };
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
