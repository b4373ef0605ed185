/**
 * The tables of a dialect's repositories by repository, each with the database client it was made on (see
 * {@link createTableRegistry}).
 */
export interface SqlTableRegistry<TRoot, TTable> {
  /** Records the table of `repository`, made on the database of `root`. */
  register(repository: object, root: TRoot, table: TTable): void;
  /** Gives `wrapper` (a transaction's bound repository, a guard) the table of `repository`, when it has one. */
  share(wrapper: object, repository: object): void;
  /** The table of `repository` when it was made on the database of `root` (one statement can read both), else none. */
  tableOn(repository: unknown, root: TRoot): TTable | undefined;
}

/**
 * A registry of the tables of a dialect's repositories, so that a statement of one repository reads another's table
 * natively (relation subqueries, joins, embeds) when both are on the same database, and a transaction binds only the
 * repositories of its own. Repositories are held weakly; the registry is never exported from a package.
 */
export function createTableRegistry<TRoot, TTable>(): SqlTableRegistry<TRoot, TTable> {
  const tables = new WeakMap<object, { readonly root: TRoot; readonly table: TTable }>();
  return {
    register: (repository, root, table) => void tables.set(repository, { root, table }),
    share(wrapper, repository) {
      const entry = tables.get(repository);
      if (entry) tables.set(wrapper, entry);
    },
    tableOn(repository, root) {
      const entry = typeof repository === 'object' && repository !== null ? tables.get(repository) : undefined;
      return entry?.root === root ? entry.table : undefined;
    },
  };
}
