import type { FieldDef } from '../fields/index';

/** The record lifecycle of a resource: soft delete and versions, as `defineResource` resolved them. */
interface Lifecycle {
  /** The soft-delete field (a nullable date, read-only), or `undefined` when deletes remove records. */
  readonly softDelete: string | undefined;
  /** The version field (an integer, read-only), or `undefined` when records carry no version. */
  readonly version: string | undefined;
}

/** Query parameters a resource with `softDelete` reads on its routes; its schema may not have them as fields. */
const SOFT_DELETE_PARAMETERS = ['deleted', 'permanent'] as const;

type SchemaOf = (field: string) => { safeParse(value: unknown): { success: boolean } } | undefined;

/**
 * Checks the `softDelete` and `version` options against the schema; their fields join `readOnly`.
 *
 * @throws TypeError (through `fail`) for an option of the wrong shape, a field the schema lacks, a soft-delete field
 * that is not a nullable or optional date, a version field that is not a non-nullable integer, the id field, the same field for
 * both, or (with `softDelete`) a schema field named `deleted` or `permanent`.
 */
export function resolveLifecycle(
  options: { readonly softDelete?: unknown; readonly version?: unknown },
  fields: ReadonlyMap<string, FieldDef>,
  schemaOf: SchemaOf,
  idField: string,
  fail: (message: string) => never,
): Lifecycle {
  const softDelete = softDeleteField(options.softDelete, fields, schemaOf, fail);
  const version = versionField(options.version, fields, schemaOf, fail);
  for (const field of [softDelete, version])
    if (field !== undefined && field === idField)
      fail(`the id field "${idField}" cannot be ${label(field, softDelete)}`);
  if (softDelete !== undefined && softDelete === version)
    fail(`field "${softDelete}" cannot be both the softDelete field and the version field`);
  if (softDelete !== undefined)
    for (const name of SOFT_DELETE_PARAMETERS)
      if (fields.has(name)) fail(`field "${name}" collides with the query parameter of a resource with softDelete`);
  return Object.freeze({ softDelete, version });
}

const label = (field: string, softDelete: string | undefined): string =>
  field === softDelete ? 'the softDelete field' : 'the version field';

function softDeleteField(
  option: unknown,
  fields: ReadonlyMap<string, FieldDef>,
  schemaOf: SchemaOf,
  fail: (message: string) => never,
): string | undefined {
  if (option === undefined) return undefined;
  const field = typeof option === 'object' && option !== null ? (option as { field?: unknown }).field : undefined;
  if (typeof field !== 'string' || Object.keys(option as object).some((key) => key !== 'field'))
    return fail("softDelete must be { field: '<a nullable or optional date field>' }");
  const def = fields.get(field);
  if (def === undefined) return fail(`softDelete field "${field}" is not in the schema`);
  // A live record holds null: an optional field (z.date().optional()) takes it too (see recordSchemaOf).
  const schema = schemaOf(field);
  if (
    def.kind !== 'date' ||
    (schema?.safeParse(null).success !== true && schema?.safeParse(undefined).success !== true)
  )
    fail(`softDelete field "${field}" must be a nullable or optional date (z.date().nullable() or .optional())`);
  return field;
}

function versionField(
  option: unknown,
  fields: ReadonlyMap<string, FieldDef>,
  schemaOf: SchemaOf,
  fail: (message: string) => never,
): string | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== 'string') return fail('version must be the name of an integer field');
  const def = fields.get(option);
  if (def === undefined) return fail(`version field "${option}" is not in the schema`);
  const schema = schemaOf(option);
  if (def.kind !== 'number' || schema?.safeParse(0.5).success !== false || schema.safeParse(null).success)
    fail(`version field "${option}" must be an integer (z.number().int()), not nullable`);
  return option;
}
