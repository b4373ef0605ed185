import { OPERATORS, QUERY_LIMITS, type FieldDef, type OperatorName } from '../fields/index';
import { resolveRelations, type Resource } from '../resource/index';
import { FIELD_KIND_SCHEMAS, type JsonSchema } from './field-schema';

/** One filter parameter `field[op]` (a shorthand operator, or `operator`, `value`, `values` of the spec form). */
export interface FilterParameter {
  readonly field: string;
  readonly op: string;
  readonly schema: JsonSchema;
}

/**
 * The filters as flat query parameters a client generator can serialize: one `field[op]` parameter per allowed
 * operator (a list operator's parameter is an array sent as the key repeated, `style: form, explode: true`), and the
 * spec form's `field[operator]`, `field[value]` and `field[values]`; then the same for each relation path a client
 * may filter on (`author.fullName[cont]`, from `resolveRelations`), typed by the related field.
 */
export function filterParameters(resource: Resource): FilterParameter[] {
  const parameters: FilterParameter[] = [];
  for (const [field, allowed] of resource.filterable) {
    fieldParameters(parameters, field, resource.fields.get(field), allowed, '');
  }
  for (const relation of resolveRelations(resource).values()) {
    const related = relation.resource;
    const child =
      relation.kind === 'many'
        ? `, on one child: the conditions on \`${relation.name}\` hold for the same \`${related.name}\` record (see \`${relation.name}[match]\`)`
        : `, of the related \`${related.name}\` record (a record without one matches only \`isnull\`)`;
    for (const [field, allowed] of relation.filterable) {
      const path = `${relation.name}.${field}`;
      fieldParameters(parameters, path, related.fields.get(field), allowed, child);
    }
  }
  return parameters;
}

function fieldParameters(
  parameters: FilterParameter[],
  field: string,
  def: FieldDef | undefined,
  allowed: ReadonlySet<OperatorName>,
  suffix: string,
): void {
  if (!def || def.kind === 'other' || allowed.size === 0) return;
  const ops = [...allowed];
  for (const op of ops) parameters.push({ field, op, schema: operatorValueSchema(def, op) });
  const scalar = valueSchema(def, false);
  const kind = `\`${field}\` (${def.kind}${def.nullable ? ', nullable' : ''})${suffix}`;
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

/** The query parameter of a {@link FilterParameter}: `form` style, arrays as the key repeated. */
export function toQueryParameter({ field, op, schema }: FilterParameter): unknown {
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
