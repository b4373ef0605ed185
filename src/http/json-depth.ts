import { HttpError } from '../errors/index';

/** The deepest nesting of arrays and objects a JSON body may have by default (`{"a":[1]}` is 2 deep). */
export const DEFAULT_DEPTH_LIMIT = 64;

const OPEN_ARRAY = 0x5b; // [
const OPEN_OBJECT = 0x7b; // {
const CLOSE_ARRAY = 0x5d; // ]
const CLOSE_OBJECT = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The 400 of a JSON body nested deeper than `limit` arrays and objects, as every adapter answers it.
 *
 * @example
 * throw jsonTooDeepError(64); // 400 'JSON body is nested deeper than 64 levels'
 */
export function jsonTooDeepError(limit: number): HttpError {
  return new HttpError(400, `JSON body is nested deeper than ${limit} levels`);
}

/**
 * Whether the JSON text `text` opens more than `limit` arrays and objects inside one another, read in one pass over
 * its characters (brackets inside strings, escaped quotes included, do not count), before any `JSON.parse`: so a
 * body of a million `[` is refused after `limit + 1` of them, without building anything. Text that is not JSON gets
 * an answer too (the parser refuses it next).
 *
 * @example
 * jsonTextTooDeep('[[1]]', 1); // true
 */
export function jsonTextTooDeep(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) i = stringEnd(text, i);
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * The index of the quote closing the string that opens at `start` (the text's length when none does), found with
 * `indexOf` (strings are most of a large body's text): a quote after an odd run of backslashes is escaped.
 */
function stringEnd(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) return text.length;
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

/**
 * Refuses a value some parser before the adapter already made of a body (`express.json()`, a framework's own) when
 * its arrays and objects nest deeper than `limit`: walked without recursion, each object once.
 *
 * @throws HttpError 400 of {@link jsonTooDeepError}.
 * @example
 * checkJsonDepth(req.body, 64);
 */
export function checkJsonDepth(value: unknown, limit: number): void {
  if (typeof value !== 'object' || value === null) return;
  const stack: { readonly value: object; readonly depth: number }[] = [{ value, depth: 1 }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: object; depth: number };
    if (depth > limit) throw jsonTooDeepError(limit);
    if (seen.has(current)) continue;
    seen.add(current);
    for (const child of Object.values(current))
      if (typeof child === 'object' && child !== null) stack.push({ value: child as object, depth: depth + 1 });
  }
}
