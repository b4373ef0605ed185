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
 * object (every field of a scalar kind, and a schema that strips unknown keys or refuses them), a spread that also
 * copies the values of the `date` fields when those are the only fields that can hold one, else {@link cloneRecord},
 * which copies every object value of the record.
 */
export function recordClonerOf(resource: Resource): <T>(record: T) => T {
  if (keepsUnknownKeys(resource.schema)) return cloneRecord;
  const dates: string[] = [];
  for (const [name, def] of resource.fields) {
    if (def.kind === 'date' && name !== '__proto__') dates.push(name);
    else if (!SCALAR_KINDS.has(def.kind)) return cloneRecord;
  }
  return dates.length === 0 ? spreadCopy : dateFieldsCopy(dates);
}

/**
 * A copy of a record whose values are all scalars: the spread copies an own `__proto__` key as a data property
 * (never made the prototype), as {@link cloneRecord} does.
 */
function spreadCopy<T>(record: T): T {
  return { ...(record as object) } as T;
}

/**
 * The copier of records whose only object values are those of the `dates` fields: the spread, then each of those
 * fields' own object values copied as {@link cloneRecord} copies it (a Date as a new Date), without visiting the
 * other keys.
 */
function dateFieldsCopy(dates: readonly string[]): <T>(record: T) => T {
  return <T>(record: T): T => {
    const copy = { ...(record as object) } as Record<string, unknown>;
    for (let i = 0; i < dates.length; i++) {
      const key = dates[i] as string;
      const value = copy[key];
      if (typeof value !== 'object' || value === null || !Object.hasOwn(copy, key)) continue;
      copy[key] = value instanceof Date ? new Date(value.getTime()) : structuredClone(value);
    }
    return copy as T;
  };
}
