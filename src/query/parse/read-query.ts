import { badRequest, isHttpError, quote } from '../../errors/index';
import { QUERY_LIMITS } from '../../fields/index';
import { isRecordLike, isUnsafeKey } from '../../internal/index';

/** Receives each query parameter `name[sub]=value` (or `name=value`, `sub` undefined) in the order it was sent. */
export interface QuerySink {
  param(name: string, sub: string | undefined, value: string): void;
  /** An OR-group parameter `or[<group>][<field>][<sub>]=value`, `group` as sent (not yet checked to be a number). */
  groupParam(group: string, field: string, sub: string, value: string): void;
}

/** `or[<group>][<field>][<sub>]`: the one key shape with three brackets. */
const GROUP_KEY = /^or\[([^[\]]*)\]\[([^[\]]*)\]\[([^[\]]*)\]$/;

/**
 * Reads a raw query string (with or without `?`), a `URLSearchParams`, or a parsed query object (flat keys such as
 * `'age[gte]'`, or one level of nesting as `qs` gives) and hands each parameter to `sink`, in order. A raw string
 * is read front to back without a query-string library (native searches for `&`, `=`, `[` and `]`, each character
 * searched at most once per kind); it is percent-decoded only when it holds a `%` or a `+`.
 *
 * @throws HttpError 400 for malformed percent-encoding, bracket syntax other than `name[sub]`, unsafe keys,
 * values that are not strings, and queries over the length or parameter-count limits. Such a problem is thrown at
 * once, alone: problems the sink collected before it are dropped.
 */
export function readQuery(query: unknown, sink: QuerySink): void {
  if (query === undefined || query === null) return;
  const reader = new Reader(sink);
  if (typeof query === 'string') {
    reader.readString(query);
    return;
  }
  try {
    if (query instanceof URLSearchParams) reader.readSearchParams(query);
    else if (isRecordLike(query)) reader.readObject(query);
    else throw badRequest(['the query must be a query string, URLSearchParams or an object']);
  } catch (error) {
    // A getter or Proxy trap of a query object that throws: its message is internal, so it never reaches the 400.
    throw isHttpError(error) ? error : badRequest(['the query object could not be read']);
  }
}

const tooLong = () => badRequest([`the query string must be at most ${QUERY_LIMITS.maxQueryLength} characters`]);

const QUESTION_MARK = 63;

class Reader {
  private count = 0;

  constructor(private readonly sink: QuerySink) {}

  readString(text: string): void {
    const length = text.length;
    let start = length > 0 && text.charCodeAt(0) === QUESTION_MARK ? 1 : 0;
    if (length - start > QUERY_LIMITS.maxQueryLength) throw tooLong();
    // Without `%` or `+` nothing needs decoding: keys and values are slices of the text.
    const plain = text.indexOf('%', start) === -1 && text.indexOf('+', start) === -1;
    // Next `=`, `[` and `]` at or after the current parameter's start, found by native search and reused until
    // passed: every character is searched once per kind, and `&`, `=`, `[`, `]` are never scanned in JavaScript.
    let nextEq = -1;
    let nextOpen = -1;
    let nextClose = -1;
    while (start <= length) {
      let end = text.indexOf('&', start);
      if (end === -1) end = length;
      if (end > start) {
        if (nextEq < start) nextEq = after(text, '=', start);
        const eq = nextEq < end ? nextEq : end;
        if (plain) {
          if (nextOpen < start) nextOpen = after(text, '[', start);
          if (nextClose < start) nextClose = after(text, ']', start);
          let shape = BAD;
          if (nextOpen >= eq && nextClose >= eq) shape = NO_BRACKETS;
          else if (nextOpen < eq && nextClose === eq - 1 && nextOpen < nextClose) {
            const open = nextOpen;
            nextOpen = after(text, '[', open + 1);
            if (nextOpen >= eq) shape = open;
          }
          this.pair(text, start, eq, eq === end ? '' : text.slice(eq + 1, end), shape);
        } else {
          const key = decode(text.slice(start, eq));
          const value = eq === end ? '' : decode(text.slice(eq + 1, end));
          this.pair(key, 0, key.length, value, keyShape(key));
        }
      }
      start = end + 1;
    }
  }

  readSearchParams(params: URLSearchParams): void {
    let length = 0;
    for (const [key, value] of params) {
      length += key.length + value.length + 2;
      if (length > QUERY_LIMITS.maxQueryLength) throw tooLong();
      this.pair(key, 0, key.length, value, keyShape(key));
    }
  }

  readObject(query: Record<string, unknown>): void {
    for (const key of Object.keys(query)) {
      const value = query[key];
      if (value === undefined) continue;
      if (key === 'or' && (Array.isArray(value) || isRecordLike(value)) && !isStringList(value)) {
        this.readGroups(value);
        continue;
      }
      if (isRecordLike(value)) {
        const subs = Object.keys(value);
        if (key.includes('[') || subs.length === 0) throw badRequest([`parameter ${quote(key)} is not allowed`]);
        for (const sub of subs) this.value(`${key}[${sub}]`, value[sub]);
      } else this.value(key, value);
    }
  }

  /** `or` as `qs` nests it: `{ or: [{ age: { gte: '18' } }] }` (or an object keyed by group number). */
  private readGroups(groups: Record<string, unknown> | readonly unknown[]): void {
    for (const group of Object.keys(groups)) {
      const clause = (groups as Record<string, unknown>)[group];
      if (!isRecordLike(clause)) throw badRequest([`parameter ${quote(`or[${group}]`)} is not allowed`]);
      for (const field of Object.keys(clause)) {
        const ops = clause[field];
        if (!isRecordLike(ops)) throw badRequest([`parameter ${quote(`or[${group}][${field}]`)} is not allowed`]);
        for (const sub of Object.keys(ops)) this.value(`or[${group}][${field}][${sub}]`, ops[sub]);
      }
    }
  }

  private value(key: string, value: unknown): void {
    const shape = keyShape(key);
    if (typeof value === 'string') this.pair(key, 0, key.length, value, shape);
    else if (isStringList(value)) {
      for (const item of value) this.pair(key, 0, key.length, item, shape);
    } else throw badRequest([`${quote(key)} must be a string or a list of strings`]);
  }

  /**
   * Passes on the parameter whose key is `text.slice(from, to)`, of the given {@link keyShape}: `name` or
   * `name[sub]`, split at the bracket.
   */
  private pair(text: string, from: number, to: number, value: string, shape: number): void {
    if (this.count >= QUERY_LIMITS.maxParameters) {
      throw badRequest([`the query must have at most ${QUERY_LIMITS.maxParameters} parameters`]);
    }
    this.count++;
    if (shape === BAD) {
      const group = GROUP_KEY.exec(text.slice(from, to));
      if (group) return this.groupPair(text.slice(from, to), group, value);
    }
    if (shape === BAD || shape === from || to === from) {
      throw badRequest([`unknown parameter ${quote(text.slice(from, to))}`]);
    }
    const name = text.slice(from, shape === NO_BRACKETS ? to : shape);
    const sub = shape === NO_BRACKETS ? undefined : text.slice(shape + 1, to - 1);
    if (isUnsafeKey(name) || (sub !== undefined && isUnsafeKey(sub))) {
      throw badRequest([`parameter ${quote(text.slice(from, to))} is not allowed`]);
    }
    this.sink.param(name, sub, value);
  }

  private groupPair(key: string, [, group, field, sub]: RegExpExecArray, value: string): void {
    if (isUnsafeKey(group as string) || isUnsafeKey(field as string) || isUnsafeKey(sub as string)) {
      throw badRequest([`parameter ${quote(key)} is not allowed`]);
    }
    this.sink.groupParam(group as string, field as string, sub as string, value);
  }
}

/** {@link keyShape}: a key without brackets. */
const NO_BRACKETS = -1;
/** {@link keyShape}: a key with brackets other than one `[...]` at its end. */
const BAD = -2;

/**
 * The shape of a whole key: {@link NO_BRACKETS}, {@link BAD}, or the index of its `[` when it is `name[sub]` with
 * no other bracket. (An empty name, `[` at index 0, is rejected by the caller.)
 */
function keyShape(key: string): number {
  const open = key.indexOf('[');
  const close = key.indexOf(']');
  if (open === -1) return close === -1 ? NO_BRACKETS : BAD;
  const last = key.length - 1;
  return close === last && key.indexOf('[', open + 1) === -1 ? open : BAD;
}

/** Index of `char` at or after `from`, or past the end (never below `from`) when there is none. */
function after(text: string, char: string, from: number): number {
  const index = text.indexOf(char, from);
  return index === -1 ? text.length + 1 : index;
}

function decode(text: string): string {
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badRequest([`malformed percent-encoding in the query string near ${quote(text)}`]);
  }
}

/** A non-empty array of strings without holes (`every` would skip the holes of a sparse array). */
function isStringList(value: unknown): value is string[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}
