import { QUERY_LIMITS } from './limits';
import { badRequest, quote } from './problems';

/** One query parameter: `name[sub]=value`, with `key` the parameter as the client wrote it. */
export interface QueryPair {
  readonly key: string;
  readonly name: string;
  readonly sub: string | undefined;
  readonly value: string;
}

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Reads a raw query string (with or without `?`), a `URLSearchParams`, or a parsed query object (flat keys such as
 * `'age[gte]'`, or one level of nesting as `qs` gives) into a flat list of parameters, in order.
 *
 * @throws HttpError 400 for malformed percent-encoding, bracket syntax other than `name[sub]`, unsafe keys,
 * values that are not strings, and queries over the length or parameter-count limits.
 */
export function readQueryPairs(query: unknown): QueryPair[] {
  const pairs: QueryPair[] = [];
  if (query === undefined || query === null) return pairs;
  if (typeof query === 'string') readString(query, pairs);
  else if (query instanceof URLSearchParams) {
    let length = 0;
    for (const [key, value] of query) {
      length += key.length + value.length + 2;
      if (length > QUERY_LIMITS.maxQueryLength) throw tooLong();
      push(pairs, key, value);
    }
  } else if (isRecordLike(query)) readObject(query, pairs);
  else throw badRequest(['the query must be a query string, URLSearchParams or an object']);
  return pairs;
}

const tooLong = () => badRequest([`the query string must be at most ${QUERY_LIMITS.maxQueryLength} characters`]);

function readString(text: string, pairs: QueryPair[]): void {
  const body = text.startsWith('?') ? text.slice(1) : text;
  if (body.length > QUERY_LIMITS.maxQueryLength) throw tooLong();
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf('&', start);
    if (end === -1) end = body.length;
    if (end > start) {
      const eq = body.indexOf('=', start);
      const split = eq === -1 || eq > end ? end : eq;
      const key = decode(body.slice(start, split));
      const value = split === end ? '' : decode(body.slice(split + 1, end));
      push(pairs, key, value);
    }
    start = end + 1;
  }
}

function decode(text: string): string {
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badRequest([`malformed percent-encoding in the query string near ${quote(text)}`]);
  }
}

function readObject(query: Record<string, unknown>, pairs: QueryPair[]): void {
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined) continue;
    if (isRecordLike(value)) {
      const subs = Object.keys(value);
      if (key.includes('[') || subs.length === 0) throw badRequest([`parameter ${quote(key)} is not allowed`]);
      for (const sub of subs) readValue(pairs, `${key}[${sub}]`, value[sub]);
    } else readValue(pairs, key, value);
  }
}

/**
 * A record of parameters: a plain or null-prototype object, or an object whose prototype has a null prototype (as
 * `fast-querystring`, Fastify's parser, makes them). Class instances such as `Map` or `Date` are not.
 */
function isRecordLike(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

function readValue(pairs: QueryPair[], key: string, value: unknown): void {
  if (typeof value === 'string') push(pairs, key, value);
  else if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
    for (const item of value as string[]) push(pairs, key, item);
  } else throw badRequest([`${quote(key)} must be a string or a list of strings`]);
}

const KEY = /^([^[\]]+)(?:\[([^[\]]*)\])?$/;

function push(pairs: QueryPair[], key: string, value: string): void {
  if (pairs.length >= QUERY_LIMITS.maxParameters) {
    throw badRequest([`the query must have at most ${QUERY_LIMITS.maxParameters} parameters`]);
  }
  const match = KEY.exec(key);
  const name = match?.[1];
  const sub = match?.[2];
  if (name === undefined || UNSAFE.has(name) || (sub !== undefined && UNSAFE.has(sub))) {
    throw badRequest([match ? `parameter ${quote(key)} is not allowed` : `unknown parameter ${quote(key)}`]);
  }
  pairs.push({ key, name, sub, value });
}
