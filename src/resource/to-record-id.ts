import type { RecordId, SchemaLike } from '../fields/index';
import type { Resource } from './define-resource';

/** Path texts of number ids: `0`, or digits without a sign or a leading zero. */
const DIGITS = /^(?:0|[1-9][0-9]{0,15})$/;

/**
 * Turns an id a caller gave (a path segment, or a programmatic `get(id)`) into the record id the id field's schema
 * accepts, or `undefined` when no record can have it: a text with a NUL character; for a number id field, anything
 * but a safe integer or its plain decimal text (`42`, not `+42`, `042`, `4.2e1` or `42 `); then any value the id
 * field's own schema rejects (`abc` for a `z.uuid()` id). Callers answer `undefined` exactly like an id that does not
 * exist (404), so a client learns nothing from the difference, and no repository ever sees such an id.
 *
 * @example
 * toRecordId(books, '42'); // 42, for `id: z.number().int()`
 * toRecordId(books, 'abc'); // undefined
 */
export function toRecordId(resource: Resource, value: unknown): RecordId | undefined {
  const def = resource.fields.get(resource.idField);
  let id: unknown = value;
  if (def?.kind === 'number') {
    if (typeof value === 'string') id = DIGITS.test(value) ? Number(value) : undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || Object.is(id, -0)) return undefined;
  } else if (typeof value !== 'string' || value.includes('\u0000')) return undefined;
  const schema = (resource.schema.shape as Readonly<Record<string, SchemaLike>>)[resource.idField];
  const result = schema?.safeParse(id);
  if (!result?.success) return undefined;
  const parsed = result.data;
  return typeof parsed === 'string' || typeof parsed === 'number' ? parsed : undefined;
}
