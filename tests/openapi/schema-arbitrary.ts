/**
 * fast-check arbitraries of the values a JSON Schema of an OpenAPI document accepts (`arbitraryOf`), for the subset
 * pagelope's documents use: `$ref` into the document, `anyOf`, `allOf` of objects, `enum`, `const`, a `type` or a
 * list of types, string lengths, `pattern`, the `date-time` and `date` formats, integer and number bounds, arrays
 * (`minItems`, `maxItems`, `uniqueItems`) and objects (`required`, `additionalProperties`). Numbers come in every
 * form JSON and a query string allow: `12`, `-0.5`, `1e3`, `1.5E-7`. And `hostileOf`: values that are often invalid.
 */
import fc from 'fast-check';

/** A JSON object of the document. */
export type Json = Record<string, unknown>;

/** Follows `$ref`s (`#/...`) within `document` until a schema that is not one. */
export function deref(document: unknown, schema: Json): Json {
  let current = schema;
  for (let hops = 0; typeof current['$ref'] === 'string'; hops++) {
    const ref = current['$ref'];
    if (!ref.startsWith('#/') || hops > 10) throw new Error(`unresolvable $ref ${ref}`);
    let value: unknown = document;
    for (const part of ref.slice(2).split('/')) value = (value as Json | undefined)?.[part.replace(/~1/g, '/')];
    if (typeof value !== 'object' || value === null) throw new Error(`$ref ${ref} leads nowhere`);
    current = value as Json;
  }
  return current;
}

/** A number that JSON and a query string can carry, sometimes written with an exponent (`1e3`, `2.5E-4`). */
export interface WrittenNumber {
  readonly value: number;
  readonly text: string;
}

/** Whether `value` is a {@link WrittenNumber}. */
export const isWrittenNumber = (value: unknown): value is WrittenNumber =>
  typeof value === 'object' && value !== null && 'text' in value && 'value' in value && Object.keys(value).length === 2;

/** The ways a number may be written: plain, or with an exponent in either case. */
function writtenNumber(value: number): fc.Arbitrary<WrittenNumber> {
  const exponent = (upper: boolean) => {
    const text = value.toExponential();
    return upper ? text.toUpperCase().replace('+', '') : text.replace('+', '');
  };
  return fc.constantFrom(String(value), exponent(false), exponent(true)).map((text) => ({ value, text }));
}

const MAX_DEPTH = 6;

/** The bounds of a number schema (`minimum`, `exclusiveMinimum`, ...), an integer's exclusive ones moved inward. */
function boundsOf(schema: Json, low: number, high: number): { min: number; max: number } {
  const number = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const step = schema['type'] === 'integer' ? 1 : 0;
  const exclusiveMin = number('exclusiveMinimum');
  const exclusiveMax = number('exclusiveMaximum');
  const min = number('minimum') ?? (exclusiveMin === undefined ? low : exclusiveMin + step);
  const max = number('maximum') ?? (exclusiveMax === undefined ? Math.max(min, 0) + high : exclusiveMax - step);
  return { min, max };
}

/**
 * Values the schema accepts. Numbers are {@link WrittenNumber}s, so that a query string or a JSON body written from
 * them may carry the exponent form (`toJson` turns them into plain JSON values).
 */
export function arbitraryOf(document: unknown, given: Json, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(document, given);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (Array.isArray(schema['anyOf']) || Array.isArray(schema['oneOf'])) {
    const options = (schema['anyOf'] ?? schema['oneOf']) as Json[];
    return fc.oneof(...options.map((option) => arbitraryOf(document, option, depth + 1)));
  }
  if (Array.isArray(schema['allOf'])) return arbitraryOf(document, mergeAll(document, schema), depth + 1);
  if ('const' in schema) return fc.constant(schema['const']);
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  const type = schema['type'];
  if (Array.isArray(type))
    return fc.oneof(...type.map((one) => arbitraryOf(document, { ...schema, type: one as string }, depth + 1)));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const { min, max } = boundsOf(schema, -1_000_000, 1_000_000);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) }).map((value) => ({ value, text: String(value) }));
    }
    case 'number': {
      const { min, max } = boundsOf(schema, -1e9, 1e9);
      const double = fc
        .double({
          min,
          max,
          noNaN: true,
          noDefaultInfinity: true,
          minExcluded: schema['exclusiveMinimum'] !== undefined,
          maxExcluded: schema['exclusiveMaximum'] !== undefined,
        })
        .map((n) => (Object.is(n, -0) ? 0 : n));
      const whole = fc.integer({ min: Math.ceil(Math.max(min, -1e6)), max: Math.floor(Math.min(max, 1e6)) });
      return fc
        .oneof(
          whole.filter((n) => n > min || schema['exclusiveMinimum'] === undefined),
          double,
        )
        .chain(writtenNumber);
    }
    case 'string':
      return stringOf(schema);
    case 'array':
      return arrayOf(document, schema, depth);
    case 'object':
      return objectOf(document, schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Json): fc.Arbitrary<string> {
  const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  const maxLength = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : undefined;
  const fits = (text: string) =>
    [...text].length >= minLength && (maxLength === undefined || [...text].length <= maxLength);
  if (schema['format'] === 'date-time' || schema['format'] === 'date') {
    const date = fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    return date.map((value) => (schema['format'] === 'date' ? value.toISOString().slice(0, 10) : value.toISOString()));
  }
  const not = (schema['not'] as Json | undefined)?.['pattern'];
  const allowed = (text: string) => fits(text) && (typeof not !== 'string' || !new RegExp(not, 'u').test(text));
  if (typeof schema['pattern'] === 'string')
    return fc.stringMatching(new RegExp(schema['pattern'] as string)).filter(allowed);
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength ?? 24, minLength + 24) }) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength ?? 12, minLength + 12) }),
    },
  );
  return text.filter(fits);
}

function arrayOf(document: unknown, schema: Json, depth: number): fc.Arbitrary<unknown[]> {
  const items = arbitraryOf(document, (schema['items'] ?? {}) as Json, depth + 1);
  const minLength = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
  const max = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : minLength + 3;
  const maxLength = Math.min(max, minLength + 3);
  if (schema['uniqueItems'] === true)
    return fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(toJson(value)) });
  return fc.array(items, { minLength, maxLength });
}

function objectOf(document: unknown, schema: Json, depth: number): fc.Arbitrary<Json> {
  const properties = (schema['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((schema['required'] ?? []) as string[]);
  const keys = Object.keys(properties).filter(
    (key) => !(deref(document, properties[key]!)['readOnly'] === true && !required.has(key)),
  );
  const model = Object.fromEntries(keys.map((key) => [key, arbitraryOf(document, properties[key]!, depth + 1)]));
  const minProperties = typeof schema['minProperties'] === 'number' ? schema['minProperties'] : 0;
  return fc
    .record(model, { requiredKeys: keys.filter((key) => required.has(key)) })
    .filter((value) => Object.keys(value).length >= minProperties) as fc.Arbitrary<Json>;
}

/** The object schema of an `allOf`: the properties and required lists of its parts, merged. */
function mergeAll(document: unknown, schema: Json): Json {
  const merged: Json = { type: 'object', properties: {}, required: [] };
  for (const part of schema['allOf'] as Json[]) {
    const resolved = deref(document, part);
    const inner = Array.isArray(resolved['allOf']) ? mergeAll(document, resolved) : resolved;
    Object.assign(merged['properties'] as Json, inner['properties'] ?? {});
    (merged['required'] as string[]).push(...((inner['required'] ?? []) as string[]));
    if (inner['additionalProperties'] === false) merged['additionalProperties'] = false;
    if (typeof inner['minProperties'] === 'number') merged['minProperties'] = inner['minProperties'];
  }
  return merged;
}

/** A generated value as plain JSON: each {@link WrittenNumber} as its number. */
export function toJson(value: unknown): unknown {
  if (isWrittenNumber(value)) return value.value;
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, toJson(each)]));
  return value;
}

/** A generated value as JSON text, each {@link WrittenNumber} as written (`1e3` stays `1e3`). */
export function toJsonText(value: unknown): string {
  if (isWrittenNumber(value)) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .map(([key, each]) => `${JSON.stringify(key)}:${toJsonText(each)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** A generated scalar as query-string text: a number as written, a string as it is, others as JSON. */
export function toQueryText(value: unknown): string {
  if (isWrittenNumber(value)) return value.text;
  return typeof value === 'string' ? value : JSON.stringify(toJson(value));
}

/**
 * Values that are often invalid for a parameter or a field: text of every kind, numbers out of any range or
 * written oddly, booleans, nulls, arrays and objects.
 */
export const HOSTILE: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    'NaN',
    'Infinity',
    '1e400',
    '0x10',
    'true',
    'null',
    '[]',
    '{}',
    'a,b',
    '%00',
    '\u0000',
    'x'.repeat(300),
  ),
  fc.double().map((n) => ({ value: n, text: String(n) }) as WrittenNumber),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);
