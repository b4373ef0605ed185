import type { PaginationOptions, Resource } from '../resource/index';
import { type FieldDef, type FieldKind, OPERATORS, QUERY_LIMITS, type OperatorName } from '../fields/index';
import { OR_LIMITS, SEARCH_LENGTH } from '../query/index';
import { FIELD_KIND_SCHEMAS, type JsonSchema } from './field-schema';

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
  parameters.push(...filters.map(toQueryParameter));
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

/**
 * `or`: the OR groups as one JSON-encoded value, `[{ "<field>": { "<operator>": value } }, ...]`, a plain string
 * every client generator can send. (The server also takes them as `or[<n>][<field>][<operator>]` keys.)
 */
function orParameter(filters: readonly FilterParameter[]): unknown {
  const fields: Record<string, JsonSchema> = {};
  for (const { field, op, schema } of filters) {
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
    description: `OR groups, as JSON: \`[{"<field>": {"<operator>": <value>}}, ...]\`, a list value as an array (\`{"age": {"between": [18, 65]}}\`). Up to ${OR_LIMITS.maxGroups} groups and ${OR_LIMITS.maxConditions} conditions in all; the conditions of a group are ANDed, the groups ORed, and the whole ANDed with the top-level filters and the search. The server also takes the keys \`or[<n>][<field>][<operator>]=<value>\`, \`n\` from 0, instead (not both).`,
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

/** One filter parameter `field[op]` (a shorthand operator, or `operator`, `value`, `values` of the spec form). */
interface FilterParameter {
  readonly field: string;
  readonly op: string;
  readonly schema: JsonSchema;
}

/**
 * The filters as flat query parameters a client generator can serialize: one `field[op]` parameter per allowed
 * operator (a list operator's parameter is an array sent as the key repeated, `style: form, explode: true`), and the
 * spec form's `field[operator]`, `field[value]` and `field[values]`.
 */
function filterParameters(resource: Resource): FilterParameter[] {
  const parameters: FilterParameter[] = [];
  for (const [field, allowed] of resource.filterable) {
    const def = resource.fields.get(field);
    if (!def || def.kind === 'other' || allowed.size === 0) continue;
    const ops = [...allowed];
    for (const op of ops) parameters.push({ field, op, schema: operatorValueSchema(def, op) });
    const scalar = valueSchema(def, false);
    const kind = `\`${field}\` (${def.kind}${def.nullable ? ', nullable' : ''})`;
    parameters.push(
      {
        field,
        op: 'operator',
        schema: {
          type: 'string',
          enum: ops,
          description: `Filter on ${kind}, the spec form: the operator, with \`${field}[value]\` or \`${field}[values]\`.`,
        },
      },
      { field, op: 'value', schema: { ...scalar, description: `The spec form: the value of \`${field}[operator]\`.` } },
      {
        field,
        op: 'values',
        schema: {
          type: 'array',
          items: scalar,
          maxItems: QUERY_LIMITS.maxListValues,
          description: `The spec form: the values of a list \`${field}[operator]\`, or the two bounds of \`between\`, as the key repeated.`,
        },
      },
    );
  }
  return parameters;
}

/** The query parameter of a {@link FilterParameter}: `form` style, arrays as the key repeated. */
function toQueryParameter({ field, op, schema }: FilterParameter): unknown {
  return {
    name: `${field}[${op}]`,
    in: 'query',
    required: false,
    ...(schema['type'] === 'array' ? { style: 'form', explode: true } : {}),
    schema,
  };
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
        description: `${MEANING[op]}: two values, low then high, as the key repeated.`,
      };
    case 'many':
      return {
        type: 'array',
        items: item,
        minItems: 1,
        maxItems: QUERY_LIMITS.maxListValues,
        description: `${MEANING[op]}: up to ${QUERY_LIMITS.maxListValues} values, as the key repeated.`,
      };
    default:
      return { ...item, description: `${MEANING[op]}.` };
  }
}

/**
 * The JSON Schema of one filter value: its field kind's ({@link FIELD_KIND_SCHEMAS}), a string bounded by the
 * value length limit, and any string for a case-insensitive operator on an enum (the case of the value is free).
 */
function valueSchema(def: FieldDef, caseInsensitive: boolean): JsonSchema {
  if (def.kind === 'other' || def.kind === 'string')
    return { ...FIELD_KIND_SCHEMAS.string(def), maxLength: QUERY_LIMITS.maxValueLength };
  if (def.kind === 'enum' && caseInsensitive) return FIELD_KIND_SCHEMAS.string(def);
  return FIELD_KIND_SCHEMAS[def.kind](def);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
