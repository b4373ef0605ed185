import { resolveRelations, type Resource } from '../resource/index';
import { type FieldDef, isCalendarDateText, type OrderTerm } from '../fields/index';

/**
 * Encodes the sort-key values of the last record of a page into an opaque base64url cursor, bound to the
 * filter and order (`fingerprint`) it was issued for and, when a request scope was applied, to that scope's tag.
 */
export function encodeCursor(values: readonly unknown[], fingerprint: string, scopeTag: string | null = null): string {
  const binding = scopeTag === null ? hash(fingerprint) : `${hash(fingerprint)}.${scopeTag}`;
  const payload = [binding, ...values.map((v) => (v instanceof Date ? v.toISOString() : (v ?? null)))];
  return toBase64Url(JSON.stringify(payload));
}

/** The tag that binds a cursor to a request scope: a hash of the scope's canonical text. */
export function scopeTagOf(scopeFingerprint: string): string {
  return hash(scopeFingerprint);
}

/**
 * The result of decoding a cursor: its sort-key values and the tag of the scope it was issued under (`null`: none),
 * or why it was rejected.
 */
export type DecodedCursor =
  | { readonly ok: true; readonly values: readonly unknown[]; readonly scopeTag: string | null }
  | { readonly ok: false; readonly reason: string };

const MAX_CURSOR_LENGTH = 4096;

/** The reason given for a cursor issued for another filter, order or scope. */
export const CURSOR_MISMATCH = 'cursor was issued for another filter or order';

/**
 * Decodes a cursor issued by {@link encodeCursor} for the same filter and order, checking each value against
 * the type of its sort field: a field of the resource, or for a to-one relation path (`'author.fullName'`) the
 * related field, always nullable there (a parent without a related record sorts by null). Never throws for a bad
 * cursor.
 *
 * @throws TypeError (a server fault) when the order reads a relation whose declaration is wrong (see
 * `resolveRelations`).
 */
export function decodeCursor(
  cursor: string,
  order: readonly OrderTerm[],
  resource: Resource,
  fingerprint: string,
): DecodedCursor {
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor))
    return { ok: false, reason: 'cursor is malformed' };
  let payload: unknown;
  try {
    payload = JSON.parse(fromBase64Url(cursor));
  } catch {
    return { ok: false, reason: 'cursor is malformed' };
  }
  if (!Array.isArray(payload) || payload.length !== order.length + 1)
    return { ok: false, reason: 'cursor is malformed' };
  const binding = payload[0];
  if (typeof binding !== 'string') return { ok: false, reason: 'cursor is malformed' };
  const dot = binding.indexOf('.');
  const queryHash = dot === -1 ? binding : binding.slice(0, dot);
  if (queryHash !== hash(fingerprint)) return { ok: false, reason: CURSOR_MISMATCH };
  const scopeTag = dot === -1 ? null : binding.slice(dot + 1);
  const values: unknown[] = [];
  for (let i = 0; i < order.length; i++) {
    const field = order[i]?.field ?? '';
    const related = field.includes('.');
    const def = related ? relatedSortField(field, resource) : resource.fields.get(field);
    const raw: unknown = payload[i + 1];
    if (!def) return { ok: false, reason: 'cursor is malformed' };
    if (raw === null && (related || def.nullable)) {
      values.push(null);
      continue;
    }
    const value = def.kind === 'date' && typeof raw === 'string' ? new Date(raw) : raw;
    const fits =
      (def.kind === 'date' && value instanceof Date && !Number.isNaN(value.getTime())) ||
      (def.kind === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
      (def.kind === 'boolean' && typeof value === 'boolean') ||
      ((def.kind === 'string' || def.kind === 'enum') && typeof value === 'string') ||
      (def.kind === 'isoDate' && typeof value === 'string' && isCalendarDateText(value));
    if (!fits) return { ok: false, reason: 'cursor is malformed' };
    values.push(value);
  }
  return { ok: true, values: Object.freeze(values), scopeTag };
}

/** The related field of a to-one relation path (`'author.fullName'`), or undefined. */
function relatedSortField(field: string, resource: Resource): FieldDef | undefined {
  const dot = field.indexOf('.');
  const relation = resolveRelations(resource).get(field.slice(0, dot));
  return relation?.kind === 'one' ? relation.resource.fields.get(field.slice(dot + 1)) : undefined;
}

// cyrb53: a fast 53-bit string hash; it binds a cursor to its query, it is not a signature.
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
