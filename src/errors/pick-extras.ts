import { EMPTY_RECORD, TRUSTED_EXTRAS } from './trusted';

/** Body keys that extras can never carry: fixed envelope keys and prototype keys. */
export const RESERVED_BODY_KEYS: ReadonlySet<string> = new Set([
  'statusCode',
  'message',
  'error',
  'timestamp',
  'correlationID',
  'stack',
  '__proto__',
  'constructor',
  'prototype',
]);

/**
 * Copies the extra keys of an error body as frozen, JSON-safe data, never
 * throwing.
 *
 * Only own enumerable string keys are read, and never the reserved ones
 * (`statusCode`, `message`, `error`, `timestamp`, `correlationID`, `stack`,
 * `__proto__`, `constructor`, `prototype`). Each value is copied through
 * `JSON.stringify`/`JSON.parse`, so functions, symbols, `undefined`, bigints,
 * cyclic values and values whose getters or `toJSON` throw are dropped, and
 * the copy is deep-frozen plain data that serialises the same way every time.
 * No kept key gives the shared frozen empty record; a record this function
 * returned before is returned as it is.
 *
 * Internal to the errors module.
 *
 * @param body - any value; only plain-ish objects give extras
 * @returns a frozen record of the kept keys
 * @example
 * ```ts
 * pickExtras({ message: 'x', details: [1], statusCode: 200 }); // { details: [1] }
 * ```
 */
export function pickExtras(body: unknown): Readonly<Record<string, unknown>> {
  if (body === EMPTY_RECORD || TRUSTED_EXTRAS.has(body)) return body as Readonly<Record<string, unknown>>;
  const extras: Record<string, unknown> = {};
  let count = 0;
  try {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return EMPTY_RECORD;
    for (const key of Object.keys(body)) {
      if (RESERVED_BODY_KEYS.has(key)) continue;
      const copy = jsonCopy(() => (body as Readonly<Record<string, unknown>>)[key]);
      if (copy.ok) {
        Object.defineProperty(extras, key, { value: copy.value, enumerable: true });
        count += 1;
      }
    }
  } catch {
    // Keep what was copied before the failure.
  }
  return count === 0 ? EMPTY_RECORD : TRUSTED_EXTRAS.mark(Object.freeze(extras));
}

type Copy = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

function jsonCopy(read: () => unknown): Copy {
  try {
    const text: unknown = JSON.stringify(read(), withoutStacks);
    if (typeof text !== 'string') return { ok: false };
    return { ok: true, value: deepFreeze(JSON.parse(text)) };
  } catch {
    return { ok: false };
  }
}

function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** JSON replacer that drops `stack` keys and `Error` values (judged before their `toJSON`) at any depth. */
function withoutStacks(this: unknown, key: string, value: unknown): unknown {
  if (key === 'stack') return undefined;
  return (this as Readonly<Record<string, unknown>>)[key] instanceof Error ? undefined : value;
}
