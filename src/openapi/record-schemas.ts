import { z } from 'zod';
import type { Resource } from '../resource/index';
import { FIELD_KIND_SCHEMAS, type JsonSchema } from './field-schema';

/** The schemas of a resource's record and of its three write bodies. */
export interface RecordSchemas {
  /** A record as the routes answer it: the schema's output, hidden fields left out. */
  readonly record: JsonSchema;
  /**
   * The create body: client-writable fields (the id only with `clientIds`), required as the schema says except the
   * fields the server fills (`filledOnCreate`).
   */
  readonly create: JsonSchema;
  /** The replace (PUT) body: client-writable fields, required as the schema says; the id is `readOnly`. */
  readonly replace: JsonSchema;
  /** The patch body: the replace body's fields, none required and no defaults (a patch fills none in). */
  readonly patch: JsonSchema;
}

/** The component names of the four schemas. */
export interface SchemaNames {
  readonly record: string;
  readonly create: string;
  readonly replace: string;
  readonly patch: string;
}

/**
 * The JSON Schemas of a resource's record and write bodies, from its zod schema (`z.toJSONSchema`, the output side
 * for the record and the input side for bodies), with the field policy applied. Dates are ISO 8601 date-time
 * strings, as JSON carries them; a part JSON Schema cannot describe (a transform's result, a bigint) is left open
 * (`{}`). `$ref`s zod emits for recursive parts are rewritten to point into the component named `name`.
 */
export function recordSchemas(
  resource: Resource,
  names: SchemaNames,
  filledOnCreate: readonly string[] = [],
): RecordSchemas {
  const { idField, hidden, readOnly, clientIds, unknownFields } = resource;
  const record = without(convert(resource.schema, 'output', names.record), hidden);
  // The service refuses the id on create unless clients choose ids; it accepts the record's own id on a replace.
  const writable = (mode: 'create' | 'replace') => {
    const refused = new Set([...hidden, ...[...readOnly].filter((field) => field !== idField)]);
    if (mode === 'create' ? !clientIds : false) refused.add(idField);
    const name = mode === 'create' ? names.create : names.replace;
    const schema = without(convert(resource.schema, 'input', name), refused);
    if (mode === 'create') for (const field of filledOnCreate) dropRequired(schema, field);
    if (mode === 'replace') idReadOnly(schema, idField);
    if (unknownFields === 'reject') schema['additionalProperties'] = false;
    else delete schema['additionalProperties'];
    return schema;
  };
  const create = writable('create');
  const replace = writable('replace');
  const patch = structuredClone(replace);
  delete patch['required'];
  for (const property of Object.values((patch['properties'] ?? {}) as Record<string, JsonSchema>)) {
    delete property['default'];
  }
  return { record, create, replace, patch: retarget(patch, names.replace, names.patch) };
}

function convert(schema: z.ZodObject, io: 'input' | 'output', name: string): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (context) => {
      const type = (context.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
      if (type === 'date') Object.assign(context.jsonSchema, FIELD_KIND_SCHEMAS.date());
    },
  }) as JsonSchema;
  delete json['$schema'];
  return retarget(json, '', name);
}

/** Drops `fields` from an object schema's properties and required list. */
function without(schema: JsonSchema, fields: ReadonlySet<string>): JsonSchema {
  const properties = (schema['properties'] ?? {}) as Record<string, unknown>;
  for (const field of fields) {
    delete properties[field];
    dropRequired(schema, field);
  }
  return schema;
}

/**
 * The id of a replace or patch body: the server takes it only as a repeat of the path's id, so it is `readOnly`
 * (generated clients leave it out of request types) and never required.
 */
function idReadOnly(schema: JsonSchema, idField: string): void {
  dropRequired(schema, idField);
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const id = properties[idField];
  if (id === undefined) return;
  properties[idField] = {
    ...id,
    readOnly: true,
    description: "Read-only: it may only repeat the path's id (any other value is a 400); leave it out.",
  };
}

function dropRequired(schema: JsonSchema, field: string): void {
  const required = schema['required'];
  if (!Array.isArray(required)) return;
  const rest = required.filter((name) => name !== field);
  if (rest.length > 0) schema['required'] = rest;
  else delete schema['required'];
}

/**
 * Rewrites the `$ref`s of a schema that point at its own root (`#`, `#/$defs/...`, as zod emits them for
 * recursion) or into component `from` so that they point into the component `to`.
 */
function retarget(schema: JsonSchema, from: string, to: string): JsonSchema {
  const prefix = from === '' ? '#' : `#/components/schemas/${from}`;
  const target = `#/components/schemas/${to}`;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const object = value as Record<string, unknown>;
      const ref = object['$ref'];
      if (typeof ref === 'string' && (ref === prefix || ref.startsWith(`${prefix}/`)))
        object['$ref'] = target + ref.slice(prefix.length);
      for (const child of Object.values(object)) visit(child);
    }
  };
  visit(schema);
  return schema;
}
