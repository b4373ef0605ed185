import { z } from 'zod';
import type { SqlColumnKind } from './column-kind';

/** A timestamp field: a `Date`, or ISO 8601 text with an offset (a JSON body's), read as the `Date` it names. */
export const timestampSchema = (): z.ZodType<Date> =>
  z.union([z.date(), z.iso.datetime({ offset: true })]).pipe(z.coerce.date());

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const clamp = (value: bigint) => Number(value < MIN_SAFE ? MIN_SAFE : value > MAX_SAFE ? MAX_SAFE : value);

/**
 * The zod schema of a field on a column of `kind`, before nullability, or `undefined` for a kind without one
 * (`decimal`: its text is the dialect's to say; `other`): text as a string (at most `maxLength` characters, or the
 * enum of `values`), a uuid, an integer within the kind's range and the safe integers, a number (not negative when
 * `unsigned`, within `limit`), a boolean, a `'YYYY-MM-DD'` date, a timestamp as a `Date` (see {@link timestampSchema}), a
 * JSON value. A value the schema accepts is one `columnValueProblem` accepts, but for what PostgreSQL cannot hold and
 * the schema lets through: text with a NUL, a date outside the years 0001-9999.
 */
export function columnKindSchema(kind: SqlColumnKind): z.ZodType | undefined {
  switch (kind.kind) {
    case 'text':
      if (kind.values && kind.values.length > 0) return z.enum(kind.values as [string, ...string[]]);
      return kind.maxLength === undefined ? z.string() : z.string().max(kind.maxLength);
    case 'uuid':
      return z.guid();
    case 'integer':
      return z.number().int().min(clamp(kind.min)).max(clamp(kind.max));
    case 'float': {
      const number = kind.limit === undefined ? z.number() : z.number().min(-kind.limit).max(kind.limit);
      return kind.unsigned === true ? number.min(0) : number;
    }
    case 'boolean':
      return z.boolean();
    case 'date':
      return z.iso.date();
    case 'timestamp':
      return timestampSchema();
    case 'json':
      return z.json();
    default:
      return undefined;
  }
}
