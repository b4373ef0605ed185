import { v7 as uuidv7 } from 'uuid';
import type { Resource } from 'pagelope/kit';
import { createSqlRepositoryMethods } from '../sql/index';
import type { PostgresRepositoryOptions } from './postgres-repository-options';
import type { PostgresRepository } from './postgres-repository';
import { canRunTransactions, catalogReaderOf, registerRepository, runTransaction } from './transaction';
import { NATIVE_TABLES } from './native-tables';
import { createPostgresBatchWrites } from './postgres-batch-writes';
import { createRepositoryParts, inherited } from './postgres-repository-parts';

/**
 * Creates a `Repository<T>` over a PostgreSQL table (node-postgres, PGlite, or any client with `query`). Every value
 * is a bind parameter and every identifier comes from the resource definition; ordering and matching follow the same
 * rules as the in-memory repository. A `search` is `lower(column) LIKE '%needle%'` over the searchable columns (the
 * `contl` rule, which the trigram indexes of `createTableSql(resource, { trigram: true })` serve); a `select` reads
 * only the selected columns (and, for a cursor page, the sort columns its next cursor is made of).
 *
 * Relations (`ScopeOptions.relations`) bound to a PostgreSQL repository on the same client are read in the same
 * statement: a relation filter is an `EXISTS` / `NOT EXISTS` subquery with the related scope inside, a sort by a
 * to-one path one `LEFT JOIN` whose `ON` holds the related scope (cursors carry the related value). A relation bound
 * to a repository elsewhere (memory, another database) filters through the kit's `resolveRelationTerms` (at most
 * `RELATED_READ_LIMIT` related records read per query) and sorts by joining the related values read ahead through
 * its repository's `listByValues` (one statement for the distinct relating values of the filtered parents, at most
 * `RELATED_READ_LIMIT` of them, else a 400), bound as parameter arrays: the same order, nulls rule and cursors.
 * `listByValues` (with `perValue`, a `row_number()` window) and `countByValues` (a `GROUP BY`) are one statement
 * each; index the relating fields with `createTableSql(resource, { indexes })`.
 *
 * A constraint or data error of a write is the client's 4xx, naming fields and never SQL (a unique or foreign-key
 * violation a 409, a not-null or check violation or a value the column cannot hold a 400), and a lost connection, a
 * statement timeout, a serialization failure or a deadlock a 503 with `retry-after`. `transaction(work)` runs `work`
 * on one connection: a `pg.Pool` checks one out per transaction; on a `pg.Client` or PGlite (one connection) the
 * repositories' other statements wait until the transaction ends, so inside `work` reach the database only through
 * `tx.repository(...)` and `tx.query(...)` (a call to an unbound repository there would wait for ever). A
 * repository on any other client (one that might spread a transaction over several connections) has no
 * `transaction`, and no batch writes either: where it has them, `createMany` is one multi-row INSERT (split, in one
 * transaction, past 65,535 bind parameters), `deleteMany` one `DELETE ... = ANY($1)` and `updateMany` one
 * `UPDATE ... FROM unnest(...)` when its changes set the same fields of distinct records (else one UPDATE per
 * change), each all or nothing (a savepoint inside `tx.repository(...)`).
 *
 * With `readClient` (a replica), lists, counts, `listByValues`, `countByValues` and `get` read there (relation
 * subqueries with them), while writes, transactions and every call inside them use `client`; a `get` that finds
 * nothing on the replica asks `client` before answering 404, and lists may lag by the replica's replay delay.
 *
 * The fields are checked against the table at the first statement (the catalog read): a field without a column is
 * an Error naming the field, its column and the table, on every call until the column exists; `await
 * repository.ready()` runs that check at start-up (see {@link PostgresRepository.ready}).
 *
 * @throws TypeError when the table or a field name is not a plain SQL identifier, `databaseDefaults` names a field
 * the resource does not have, or `readClient` has no `query` method.
 * @example
 * const repository = createPostgresRepository(users, { client: new pg.Pool(), table: 'users' });
 * await client.query(createTableSql(users, { table: 'users' }));
 * await repository.ready(); // throws when a field of users has no column
 * const replicated = createPostgresRepository(users, { client: primaryPool, readClient: replicaPool, table: 'users' });
 * await repository.transaction(async (tx) => {
 *   const user = await tx.repository(repository).create({ name: 'Ann' });
 *   await tx.query('UPDATE stats SET users = users + 1');
 * });
 */
export function createPostgresRepository<TRecord>(
  resource: Resource<TRecord>,
  options: PostgresRepositoryOptions,
): PostgresRepository<TRecord> {
  const parts = createRepositoryParts(resource, options);
  const { client, contextOf, facts, parent, record } = parts;
  const repository: PostgresRepository<TRecord> = Object.freeze({
    ready: () => contextOf.catalog.verify(catalogReaderOf(client)),
    // 'estimated' totals above the threshold are the planner's row estimate of the filtered, scoped query.
    estimatesTotal: true,
    ...createSqlRepositoryMethods<TRecord>({
      resource,
      table: record,
      primary: { run: parts.run },
      replica: parts.readRun,
      // Values bound as one array of the column's type (`= ANY($1)`), on the primary for a write's reads (`fresh`).
      byValues: (fresh) => ({ ...record, read: fresh ? parts.run : parts.listRun }),
      listingOf: parts.listingOf,
      batch: createPostgresBatchWrites(parts),
      // Only where a transaction is sure to hold one connection: a service asking for transactions fails at creation.
      transaction: canRunTransactions(client) ? (work) => runTransaction(client, work) : undefined,
      generateId: options.generateId ?? uuidv7,
    }),
  });
  NATIVE_TABLES.register(repository, parent.root, { ...parent, context: contextOf });
  registerRepository(repository, client, (connection) => {
    // Inside a transaction everything reads and writes on the transaction's connection.
    const bound = { ...options, client: connection, readClient: undefined };
    inherited.set(bound, { catalog: contextOf.catalog, facts });
    return createPostgresRepository(resource, bound);
  });
  return repository;
}
