/**
 * The longest id a record may be created with, as a URL path segment: its UTF-8 bytes percent-encoded as
 * `encodeURIComponent` writes them (an ASCII letter counts 1, `é` 6, an emoji 12). 100 is Fastify's default
 * `maxParamLength`, the tightest default of the framework adapters: an id longer than that could be created but
 * never read, updated or deleted there (a 414 at `{path}/:id`).
 */
export const MAX_ID_PATH_LENGTH = 100;

/** C0 control characters and DEL: no id may hold them (a NUL cannot be stored by PostgreSQL, nor sent in a path). */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A surrogate without its pair (in `u` mode a pair is one code point): it has no UTF-8 form, so no URL names it. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * Why a record cannot be created with this id, as a message naming the id field `field` (`id: ...`), or `undefined` when it
 * can: a text id with a control character (U+0000-U+001F, U+007F) or a lone surrogate, or one whose path segment is
 * longer than {@link MAX_ID_PATH_LENGTH}; such a record would be created but never found at `{path}/:id`. A number
 * id, or no id (the store assigns one), has none.
 *
 * @example
 * idTextProblem('id', 'a\u0000b'); // 'id: must not contain control characters (U+0000-U+001F, U+007F)'
 */
export function idTextProblem(field: string, id: unknown): string | undefined {
  if (typeof id !== 'string') return undefined;
  if (CONTROL.test(id)) return `${field}: must not contain control characters (U+0000-U+001F, U+007F)`;
  if (LONE_SURROGATE.test(id)) return `${field}: must be well-formed Unicode (a lone surrogate has no URL form)`;
  // Most ids are short ASCII: 9 encoded characters a UTF-16 unit at most, so no encoding below that.
  if (id.length * 9 <= MAX_ID_PATH_LENGTH) return undefined;
  const length = encodeURIComponent(id).length;
  return length > MAX_ID_PATH_LENGTH
    ? `${field}: must be at most ${MAX_ID_PATH_LENGTH} characters as a URL path segment (percent-encoded UTF-8), got ${length}`
    : undefined;
}
