import type { Resource } from './define-resource';
import { dateRangeProblem, type SchemaLike } from '../fields/index';

type Row = Record<string, unknown>;

/** The schemas a whole record is validated with (see {@link recordSchemaOf}). */
export interface RecordSchema {
  /** The resource's schema with the id and the optional fields optional, date fields bounded. */
  readonly record: SchemaLike;
  /** Its fields' schemas, as the record schema parses each (an optional field's wrapped in zod's `optional`). */
  readonly fields: Readonly<Record<string, SchemaLike>>;
}

const schemas = new WeakMap<Resource, Map<string, RecordSchema>>();

interface RefinementContext {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input: unknown }): void;
}
interface Nullable extends SchemaLike {
  nullable(): SchemaLike;
}
interface Refinable extends SchemaLike {
  readonly shape: Readonly<Record<string, SchemaLike>>;
  extend(shape: Readonly<Record<string, SchemaLike>>): Refinable;
  superRefine(check: (value: Row, context: RefinementContext) => void): SchemaLike;
}

/**
 * The resource's schema with the id and the `optional` fields optional, and date fields bounded to the years
 * 0001-9999 (what a date or timestamp column holds), with its fields' schemas; built once per resource and list of
 * fields. The soft-delete field takes `null` (a live record) even where the schema makes it only optional
 * (`z.date().optional()`): the service writes `null` there on create and restore, as a database column holds it.
 *
 * @throws TypeError when `optional` names a field the resource does not have, or the schema has object-level
 * refinements (zod's `partial` refuses them).
 */
export function recordSchemaOf(resource: Resource, optional: readonly string[] = []): RecordSchema {
  let byList = schemas.get(resource);
  if (!byList) schemas.set(resource, (byList = new Map()));
  const key = JSON.stringify(optional);
  let schema = byList.get(key);
  if (!schema) {
    const mask: Record<string, true> = Object.create(null) as Record<string, true>;
    mask[resource.idField] = true;
    for (const field of optional) {
      if (!resource.fields.has(field))
        throw new TypeError(`databaseDefaults: ${resource.name} has no field "${field}"`);
      mask[field] = true;
    }
    const object = resource.schema as unknown as { partial(mask: Record<string, true>): Refinable };
    const dates = [...resource.fields.values()].filter((def) => def.kind === 'date' || def.kind === 'isoDate');
    const partial = withNullableSoftDelete(object.partial({ ...mask }), resource.softDelete);
    const record =
      dates.length === 0
        ? partial
        : partial.superRefine((value, context) => {
            for (const def of dates) {
              const message = dateRangeProblem(def, value[def.name]);
              if (message !== undefined)
                context.addIssue({ code: 'custom', message, path: [def.name], input: value[def.name] });
            }
          });
    schema = { record, fields: partial.shape };
    byList.set(key, schema);
  }
  return schema;
}

/** `schema` with the soft-delete field nullable too, or `schema` itself when there is none or it takes null already. */
function withNullableSoftDelete(schema: Refinable, field: string | undefined): Refinable {
  const current = field === undefined ? undefined : (schema.shape[field] as Nullable | undefined);
  if (field === undefined || current === undefined || current.safeParse(null).success) return schema;
  return schema.extend({ [field]: current.nullable() });
}
