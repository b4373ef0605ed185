// PostgreSQL's ISO output of a `timestamptz`: `2024-05-06 07:08:09.01+00`, `0099-01-01 00:00:00+05:30`,
// `1500-06-01 00:00:00+00:53:28` (a local mean time offset), `0044-03-15 12:00:00+00 BC`.
const TIMESTAMP_TEXT =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/;

/**
 * The instant a timestamp read as text stands for, as a `Date` whatever the process's time zone: PostgreSQL's ISO
 * output (what a driver that leaves timestamps as text returns, such as Drizzle's), with its UTC offset (UTC when it
 * has none). `Date.parse` would read the years 0 to 99 as 1900 to 1999 and refuse offsets with seconds. Any other
 * text is read by `new Date(text)`, as `'YYYY-MM-DD'` (a `date` column read with `to_char`) is.
 */
export function fromTimestampText(text: string): Date {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return new Date(text);
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours, offsetMinutes, offsetSeconds, bc] =
    match;
  const date = new Date(0);
  // PostgreSQL counts 1 BC as year 0 of the proleptic calendar JavaScript uses, 2 BC as -1, ...
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offset =
    (Number(offsetHours ?? 0) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0)) * 1000;
  return new Date(date.getTime() - (sign === '-' ? -offset : offset));
}
