/** Copies a record so that changes to the copy (Dates and nested values included) never reach the original. */
export function cloneRecord<T>(record: T): T {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record as object)) {
    const value = (record as Record<string, unknown>)[key];
    const copied =
      value instanceof Date
        ? new Date(value.getTime())
        : typeof value === 'object' && value !== null
          ? structuredClone(value)
          : value;
    // defineProperty, not assignment: an own `__proto__` key must stay data, never become the copy's prototype.
    Object.defineProperty(copy, key, { value: copied, writable: true, enumerable: true, configurable: true });
  }
  return copy as T;
}
