/**
 * The driver's client a Drizzle database was made on, its `$client` (`mysql2`'s pool or connection, better-sqlite3's
 * or libsql's database), to be read by its shape since pagelope imports no driver; `undefined` when it has none
 * (sql.js keeps its database on the session).
 */
export function drizzleClientOf(db: object): Readonly<Record<string, unknown>> | undefined {
  return (db as { readonly $client?: Readonly<Record<string, unknown>> }).$client;
}
