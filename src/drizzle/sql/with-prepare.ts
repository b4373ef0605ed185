/**
 * `repository` with every method awaiting `prepare()` before it runs, so that what a dialect's statements depend on
 * (MariaDB: the server's kind and the collations of the table's columns) is known before the first one is written.
 * `prepare` is called on every call and is expected to cache its own result: it should resolve at once after its
 * first read. A rejection of `prepare` is the call's rejection. Properties that are not methods
 * (`databaseDefaults`) are copied as they are; `ready()` is `prepare()` itself, for a caller to run it at start-up.
 */
export function withPrepare<TRepository extends object>(
  repository: TRepository,
  prepare: () => Promise<void>,
): TRepository {
  const prepared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(repository)) {
    prepared[key] =
      typeof value === 'function'
        ? (...args: unknown[]) => prepare().then(() => (value as (...a: unknown[]) => unknown)(...args))
        : value;
  }
  prepared['ready'] = prepare;
  return Object.freeze(prepared) as TRepository;
}
