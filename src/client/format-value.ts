/**
 * Writes one filter value as the text the server's query grammar reads back to the same value: a string as it is,
 * a finite number as a plain decimal (`1e21` as `1000000000000000000000`, `-0` as `-0`: the grammar takes no
 * exponent), `true`/`false`, and a valid `Date` as ISO 8601 (`toISOString`) with a four-digit year. Internal to the
 * client module.
 *
 * @throws TypeError for a non-finite number, an invalid Date, a Date outside years 0000-9999, or any other type
 * (`undefined`, `null` inside an operator, bigint, symbol, object, array, function).
 * @example
 * formatValue(1.5e-7, 'age[gte]'); // '0.00000015'
 * formatValue(new Date(Date.UTC(2024, 0, 1)), 'createdAt[lt]'); // '2024-01-01T00:00:00.000Z'
 */
export function formatValue(value: unknown, param: string): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw unexpressible(param, `the number ${String(value)}`);
      return plainDecimal(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default: {
      const time = timeOf(value);
      if (time !== undefined) return isoDate(new Date(time), param);
      throw unexpressible(param, describe(value));
    }
  }
}

/**
 * Writes a finite number as `-?digits(.digits)?`, the form `Number()` reads back to the same double: `String()`
 * unless it chose an exponent, whose digits are then shifted into place. Internal to the client module.
 *
 * @throws never; a non-finite number gives `String()`'s text, which callers rule out first.
 * @example
 * plainDecimal(1.5e-7); // '0.00000015'
 * plainDecimal(-0); // '-0'
 */
export function plainDecimal(value: number): string {
  if (Object.is(value, -0)) return '-0';
  const text = String(value);
  const e = text.indexOf('e');
  if (e === -1) return text;
  const negative = text.charCodeAt(0) === MINUS;
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  // Digits before the decimal point once the exponent is applied (String() writes one digit before its point).
  const whole = (dot === -1 ? mantissa.length : dot) + exponent;
  let plain: string;
  if (whole <= 0) plain = `0.${'0'.repeat(-whole)}${digits}`;
  else if (whole >= digits.length) plain = digits + '0'.repeat(whole - digits.length);
  else plain = `${digits.slice(0, whole)}.${digits.slice(whole)}`;
  return negative ? `-${plain}` : plain;
}

const MINUS = 45;

/**
 * The time of a Date of any realm (an iframe's `Date` fails `instanceof Date`), read through the internal slot
 * that `Date.prototype.getTime` checks; `undefined` for anything else, however it names its `Symbol.toStringTag`.
 */
function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
}

function isoDate(date: Date, param: string): string {
  if (Number.isNaN(date.getTime())) throw unexpressible(param, 'an invalid Date');
  const year = date.getUTCFullYear();
  // toISOString writes other years as +275760 or -000001, which the grammar's ISO 8601 form does not take.
  if (year < 0 || year > 9999) throw unexpressible(param, `a Date in the year ${year}`);
  return date.toISOString();
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : type === 'undefined' ? 'undefined' : `a ${type}`;
}

/**
 * Builds the TypeError of a value the query grammar cannot express, naming where it was and what it was.
 *
 * @throws never; it returns the error for the caller to throw.
 * @example
 * throw unexpressible('where.age.gte', 'the number NaN');
 */
export function unexpressible(param: string, what: string): TypeError {
  return new TypeError(`toQueryString: ${param} cannot be written in the query grammar: got ${what}`);
}
