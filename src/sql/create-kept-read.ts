/** A read of something a repository needs of its table, kept once it succeeds (see {@link createKeptRead}). */
export interface SqlKeptRead<TReader, TValue> {
  /** The value kept, else read through `reader` when given, else on the repository's own client. */
  (reader?: TReader): Promise<TValue | undefined>;
  /** Keeps `value` (read elsewhere, such as a start-up check) for the calls that follow. */
  keep(value: TValue): void;
}

/**
 * Returns a lookup that reads a table's facts or shape with `read` the first time it is called and keeps the first
 * value it resolves (`undefined`: nothing to keep yet, such as a table not created yet, read again on the next call),
 * starting from `kept` when given. Concurrent calls on `client` share one read; a call with a `reader` (a repository
 * bound to a transaction: its connection under a savepoint, or the pool) reads there on its own. What `read` throws
 * reaches the caller, and the next call reads again.
 */
export function createKeptRead<TReader, TValue>(
  client: TReader,
  read: (reader: TReader) => Promise<TValue | undefined>,
  kept?: TValue,
): SqlKeptRead<TReader, TValue> {
  let known = kept;
  let pending: Promise<TValue | undefined> | undefined;
  const readWith = async (reader: TReader) => {
    const value = await read(reader);
    if (value !== undefined) known = value;
    return value ?? known;
  };
  const lookup = async (reader?: TReader) => {
    if (known !== undefined) return known;
    if (reader !== undefined) return readWith(reader);
    pending ??= readWith(client).finally(() => (pending = undefined));
    return pending;
  };
  return Object.assign(lookup, { keep: (value: TValue) => void (known = value) });
}
