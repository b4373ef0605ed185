import type { Resource } from '../kit/index';
import { cloneRecord } from './clone-record';

/** Field kinds whose values are never objects (a `date` field holds a Date; `other` may hold anything). */
const SCALAR_KINDS: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'enum', 'isoDate']);

/** The unknown-key policy of a zod object schema: `undefined` (strip) or a `never` catchall (strict) keep none. */
function keepsUnknownKeys(schema: unknown): boolean {
  const def = (schema as { def?: { type?: unknown; catchall?: { def?: { type?: unknown } } } } | null)?.def;
  if (def?.type !== 'object') return true;
  return def.catchall !== undefined && def.catchall.def?.type !== 'never';
}

/**
 * How a memory store copies its records for callers: a plain object spread when no value of a record can be an
 * object (every field of a scalar kind, and a schema that strips unknown keys or refuses them), else
 * {@link cloneRecord}, which also copies Dates and nested values.
 */
export function recordClonerOf(resource: Resource): <T>(record: T) => T {
  const flat =
    !keepsUnknownKeys(resource.schema) && [...resource.fields.values()].every((def) => SCALAR_KINDS.has(def.kind));
  return flat ? spreadCopy : cloneRecord;
}

/**
 * A copy of a record whose values are all scalars: the spread copies an own `__proto__` key as a data property
 * (never made the prototype), as {@link cloneRecord} does.
 */
function spreadCopy<T>(record: T): T {
  return { ...(record as object) } as T;
}
