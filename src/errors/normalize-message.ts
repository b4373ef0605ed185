import { TRUSTED_MESSAGES } from './trusted';

/**
 * Turns a candidate error message into a string or a frozen array of strings,
 * never throwing.
 *
 * A non-empty string is kept. An array keeps its non-empty string entries
 * (other entries are dropped) and falls back when none is left; an array this
 * function returned before is returned as it is (it is frozen and already clean). Anything else,
 * including values whose reads throw, gives `fallback`.
 *
 * Internal to the errors module.
 *
 * @param value - any candidate message
 * @param fallback - the message to use instead, usually the reason phrase
 * @returns a string or a frozen string array
 * @example
 * ```ts
 * normalizeMessage(['a', 1, 'b'], 'Bad Request'); // ['a', 'b']
 * normalizeMessage({}, 'Bad Request'); // 'Bad Request'
 * ```
 */
export function normalizeMessage(value: unknown, fallback: string): string | readonly string[] {
  try {
    if (typeof value === 'string') return value.length > 0 ? value : fallback;
    if (!Array.isArray(value)) return fallback;
    if (TRUSTED_MESSAGES.has(value)) return value as readonly string[];
    const messages: string[] = [];
    for (const entry of Array.from(value as readonly unknown[])) {
      if (typeof entry === 'string' && entry.length > 0) messages.push(entry);
    }
    return messages.length > 0 ? TRUSTED_MESSAGES.mark(Object.freeze(messages)) : fallback;
  } catch {
    return fallback;
  }
}
