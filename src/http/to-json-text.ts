/** The nesting (a page, its items, a record, its embeds, theirs) below which Dates are left to `JSON.stringify`. */
const MAX_DEPTH = 6;

const DATE_PROTOTYPE = Date.prototype;
const DATE_TO_JSON = DATE_PROTOTYPE.toJSON;
const DATE_TO_ISO = DATE_PROTOTYPE.toISOString;
const DATE_GET_TIME = DATE_PROTOTYPE.getTime;
const MS_PER_DAY = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the years `toISOString` writes with four digits. */
const FOUR_DIGIT_YEARS = [-62_167_219_200_000, 253_402_300_800_000] as const;

/** '00' to '99', and '000' to '999'. */
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

/** The day last written and its `YYYY-MM-DDT` (the dates of a page often share their day). */
let lastDay = Number.NaN;
let lastDayText = '';

/**
 * `YYYY-MM-DDT` of the day `days` after 1970-01-01, in the proleptic Gregorian calendar (days to civil date by eras
 * of 400 years, as `toISOString` counts them).
 */
function dayText(days: number): string {
  if (days === lastDay) return lastDayText;
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  lastDay = days;
  lastDayText = `${THREE[Math.floor(year / 10)] as string}${String(year % 10)}-${TWO[month] as string}-${TWO[day] as string}T`;
  return lastDayText;
}

/** What `JSON.stringify` writes a Date as, `toJSON`'s value: its `toISOString()`, or null for an invalid date. */
function dateJson(date: Date): string | null {
  const time = DATE_GET_TIME.call(date);
  if (!Number.isFinite(time)) return null;
  if (time < FOUR_DIGIT_YEARS[0] || time >= FOUR_DIGIT_YEARS[1]) return DATE_TO_ISO.call(date);
  const days = Math.floor(time / MS_PER_DAY);
  const ms = time - days * MS_PER_DAY;
  const seconds = Math.floor(ms / 1000);
  return `${dayText(days)}${TWO[Math.floor(seconds / 3600)] as string}:${TWO[Math.floor(seconds / 60) % 60] as string}:${TWO[seconds % 60] as string}.${THREE[ms % 1000] as string}Z`;
}

/** Whether `value` is a Date that `JSON.stringify` writes through `Date.prototype.toJSON` (no own `toJSON`). */
function isPlainDate(value: object): value is Date {
  if (Object.getPrototypeOf(value) !== DATE_PROTOTYPE || Object.hasOwn(value, 'toJSON')) return false;
  try {
    DATE_GET_TIME.call(value);
    return true;
  } catch {
    // An object made from Date.prototype that is not a Date: `JSON.stringify` fails on it as it would.
    return false;
  }
}

/**
 * `value` with each Date it holds (in arrays and plain objects, to {@link MAX_DEPTH}) replaced by the text its
 * `toJSON` gives: what is changed is copied, never written to; what holds no Date is returned as it is.
 */
function withDateTexts(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth === 0) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const written = withDateTexts(item, depth - 1);
      if (written === item) continue;
      copy ??= value.slice();
      copy[i] = written;
    }
    return copy ?? value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === DATE_PROTOTYPE) return isPlainDate(value) ? dateJson(value) : value;
  if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in value) return value;
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const written = withDateTexts(item, depth - 1);
    if (written === item) continue;
    copy ??= { ...record };
    // The spread made each key an own data property (`__proto__` too), which the assignment writes.
    copy[key] = written;
  }
  return copy ?? value;
}

/**
 * The JSON text of a reply's body: exactly `JSON.stringify(body)`, written faster where the body holds Dates (the
 * records of a page), which are turned to their ISO 8601 text without a `toJSON` call each. A Date that is not plain
 * (a subclass, an own `toJSON`), an object that is not plain (a class instance, anything with `toJSON`) and what lies
 * deeper than a record's embeds are left to `JSON.stringify`, as is every Date while `Date.prototype.toJSON` or
 * `toISOString` is replaced.
 *
 * @example
 * toJsonText({ items: [{ id: 1, at: new Date(0) }] }); // '{"items":[{"id":1,"at":"1970-01-01T00:00:00.000Z"}]}'
 */
export function toJsonText(body: unknown): string {
  if (DATE_PROTOTYPE.toJSON !== DATE_TO_JSON || DATE_PROTOTYPE.toISOString !== DATE_TO_ISO) return JSON.stringify(body);
  return JSON.stringify(withDateTexts(body, MAX_DEPTH));
}
