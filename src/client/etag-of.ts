/** The `etag` of each record object a one-record call returned, while the object lives. */
const ETAGS = new WeakMap<object, string>();

/**
 * Remembers the `etag` a reply carried for the record object the call returns (nothing for a non-object, or a reply
 * without one). Internal to the client module.
 *
 * @throws never.
 * @example
 * return withEtag(revive(reply.body), reply.etag);
 */
export function withEtag<T>(record: T, etag: string | null): T {
  if (etag !== null && etag !== '' && typeof record === 'object' && record !== null) ETAGS.set(record, etag);
  return record;
}

/**
 * The `etag` header of the reply a record came with: the record object `get`, `create`, `replace`, `update` or
 * `restore` returned, from a resource with a `version` (`'"3"'`, ready for `ifMatch`). `undefined` for any other
 * value: a record of a list, a copy (`{ ...record }`), a resource without a version, or a reply whose `etag` the
 * browser hid (on another origin the server must list `etag` in `access-control-expose-headers`).
 *
 * @throws never.
 * @example
 * const note = await notes.get('n1');
 * await notes.update('n1', { title: 'new' }, { ifMatch: etagOf(note) }); // 412 if someone wrote it since
 */
export function etagOf(record: unknown): string | undefined {
  return typeof record === 'object' && record !== null ? ETAGS.get(record) : undefined;
}
