import { z } from 'zod';
import { COLUMN_KINDS, timestampSchema } from '../sql/index';
import type { KindWithSchema } from './column-field-schema';

/**
 * The base of a `Date` field on a timestamp column that keeps `digits` fraction digits of a second (`fsp`,
 * `precision`): a timestamp, refused when it has milliseconds the column would drop.
 */
export function instantFieldSchema(digits: number): KindWithSchema {
  const step = 10 ** (3 - Math.min(digits, 3));
  const schema = timestampSchema().refine((date) => date.getTime() % step === 0, {
    message: `Must be a whole multiple of ${step} ms (the column keeps ${digits} fraction digits)`,
  });
  return { columnKind: COLUMN_KINDS.timestamp, schema };
}

/**
 * The schema of a timestamp column's field in `string` mode: `'YYYY-MM-DD hh:mm:ss[.f]'` text with exactly the
 * `digits` fraction digits the column keeps (as the database writes it back), naming a real instant.
 */
export function instantTextFieldSchema(digits: number): z.ZodType {
  const pattern = new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}${digits > 0 ? `\\.\\d{${digits}}` : ''}$`);
  return z
    .string()
    .regex(pattern, { message: `Must be 'YYYY-MM-DD hh:mm:ss${digits > 0 ? `.${'f'.repeat(digits)}` : ''}' text` })
    .refine((text) => z.iso.datetime({ local: true, precision: digits }).safeParse(text.replace(' ', 'T')).success, {
      message: 'Must name a real date and time',
    });
}
