/**
 * Copies a record so that changes to the copy (Dates and nested values included) never reach the original.
 *
 * Own enumerable string keys only, in order. Keys are set by plain assignment, which V8 handles inline
 * (`Object.defineProperty` for every key made a copy about five times slower, and lists copy every record of a
 * page); the one key that assignment would misread, `__proto__`, is defined as an own data property instead, so it
 * never becomes the copy's prototype.
 */
export function cloneRecord<T>(record: T): T {
  const source = record as Readonly<Record<string, unknown>>;
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const value = source[key];
    const copied =
      typeof value !== 'object' || value === null
        ? value
        : value instanceof Date
          ? new Date(value.getTime())
          : structuredClone(value);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, { value: copied, writable: true, enumerable: true, configurable: true });
    } else {
      copy[key] = copied;
    }
  }
  return copy as T;
}
