import { QUERY_LIMITS } from '../../fields/index';
import { quote } from '../../errors/index';
import { isPlainObject, isUnsafeKey } from '../../internal/index';

/** Where {@link readOrJson} hands each condition and reports problems. */
export interface OrJsonSink {
  groupParam(group: string, field: string, sub: string, value: string): void;
  add(message: string): void;
}

const SHAPE = 'or must be a JSON array of groups, each an object { "<field>": { "<operator>": <value> } }';

/**
 * Reads the JSON form of the OR groups, `or=[{"age":{"gte":18}},{"status":{"in":["a","b"]}}]`: group `n` of the
 * array is `or[n]`, and each `"<field>": { "<operator>": value }` is the parameter `or[n][<field>][<operator>]`
 * with that value, a list (for `in`, `notin`, `between`, `inl`, `notinl`) as that key repeated. Values are
 * strings, finite numbers or booleans, as the query string would carry them. Each condition goes to `sink` as if
 * it had been sent as that key; a malformed value is one problem and nothing of it is passed on.
 */
export function readOrJson(text: string, sink: OrJsonSink, limits: { readonly maxGroups: number }): void {
  let groups: unknown;
  try {
    groups = JSON.parse(text);
  } catch {
    return sink.add(`${SHAPE}: it is not JSON`);
  }
  if (!Array.isArray(groups) || groups.length === 0) return sink.add(SHAPE);
  if (groups.length > limits.maxGroups) return sink.add(`or may hold at most ${limits.maxGroups} groups`);
  const pairs: [string, string, string, string][] = [];
  for (let n = 0; n < groups.length; n++) {
    const group: unknown = groups[n];
    if (!isPlainObject(group)) return sink.add(`or[${n}] must be an object { "<field>": { "<operator>": <value> } }`);
    for (const field of Object.keys(group)) {
      const key = `or[${n}][${field}]`;
      if (isUnsafeKey(field)) return sink.add(`parameter ${quote(key)} is not allowed`);
      const ops = group[field];
      if (!isPlainObject(ops)) return sink.add(`${quote(key)} must be an object { "<operator>": <value> }`);
      for (const op of Object.keys(ops)) {
        const param = `${key}[${op}]`;
        if (isUnsafeKey(op)) return sink.add(`parameter ${quote(param)} is not allowed`);
        const value = ops[op];
        const list = Array.isArray(value) ? (value as unknown[]) : [value];
        if (list.length === 0) return sink.add(`${quote(param)} needs at least one value`);
        for (const item of list) {
          const textValue = scalarText(item);
          if (textValue === undefined)
            return sink.add(`${quote(param)} must be a string, a finite number, a boolean or a list of them`);
          pairs.push([String(n), field, op, textValue]);
        }
        if (pairs.length > QUERY_LIMITS.maxParameters)
          return sink.add(`or may hold at most ${QUERY_LIMITS.maxParameters} values in all`);
      }
    }
  }
  for (const [group, field, op, value] of pairs) sink.groupParam(group, field, op, value);
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return String(value);
  return undefined;
}
