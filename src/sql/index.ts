// The SQL engine of `pagelope/postgres` and `pagelope/drizzle`: what they compile alike, over a dialect that holds
// what differs. On `pagelope/kit` only; no driver, no ORM.
export type { SqlDialect } from './sql-dialect';
export { compileKeyset, compileOrder } from './compile-order';
export { toConstraintError } from './constraint-error';
export type { ConstraintBreak, ConstraintWrite } from './constraint-error';
export { toItemError } from './to-item-error';
export { toItemWriteError, toWriteError, type SqlErrorTable, type SqlViolation } from './to-write-error';
export type { SqlFault } from './sql-dialect';
export { toFaultError } from './to-fault-error';
export { readFault, type SqlFaultCodes } from './read-fault';
export { compileSearch, type SqlSearchSource } from './compile-search';
export { escapeLike, likeMatch } from './escape-like';
export { compileFilter, compileWhere, inList } from './compile-where';
export type { SqlFilterSource, SqlList } from './compile-where';
export { compileRelation, type SqlRelationSource } from './compile-relation';
export { bindRelations, relationPathsOf } from './bind-relations';
export { planSqlRelations, type SqlNativeRelation, type SqlRelationsPlan } from './plan-sql-relations';
export { createRelationCompiler, type SqlRelatedTables } from './create-relation-compiler';
export type { SqlWrite, SqlWriteDialect } from './write-dialect';
export { createBatchWrites } from './create-batch-writes';
export type { SqlTransaction } from './run-batch';
export type { SqlBulkUpdate, SqlChange } from './update-records';
export { readRecord } from './read-record';
export type { SqlRecordRunner, SqlRecordSource } from './read-record';
export { deleteRecord, writeRecord } from './write-record';
export type { SqlReadDialect, SqlReadRow } from './read-dialect';
export { COUNT_FIRST_OFFSET } from './read-offset-page';
export type { SqlPageSource } from './read-offset-page';
export { countByValues, readByValues } from './read-by-values';
export type { SqlByValuesSource, SqlTableSource } from './read-by-values';
export { createListReads } from './create-list-reads';
export { toPageSource } from './to-page-source';
export type { SqlListing, SqlListingOf } from './create-list-reads';
export { COLUMN_KINDS, integerKind, type SqlColumnKind } from './column-kind';
export { columnValueProblem } from './column-value-problem';
export { columnKindSchema, timestampSchema } from './column-kind-schema';
export { checkTableColumns } from './check-table-columns';
export { createTransactionQueue, type TransactionQueue } from './transaction-queue';
export {
  keepWorkError,
  runInSavepoint,
  runInTransaction,
  STANDARD_TRANSACTION_STATEMENTS,
} from './transaction-statements';
export type { SqlTransactionStatements } from './transaction-statements';
export { registerTransactionBinding } from './transaction-bindings';
export { pathReadsOf, planOrderPaths, readPathValues, relatedValueSql } from './plan-order-paths';
// Task `rel`: the statement contexts of a typed dialect (PostgreSQL) and the joined relation plan.
export type { SqlTypedDialect } from './typed-dialect';
export type { SqlContext, SqlStatementContext } from './sql-context';
export { createContextCompilers } from './create-context-compilers';
export { planJoinedRelations, type SqlJoinedPlan } from './plan-joined-relations';
// Task maria: the order term of the dialects that may leave NULL terms out (SQLite, MariaDB).
export { orderTermOf } from './order-term-of';
// Task `repo`: the repository assembled alike for every dialect, the column-kind checks, the row mapping, batch plans.
export { createSqlRepositoryMethods, type SqlBatchRunning } from './create-sql-repository-methods';
export { checkQueryValues, isImpossibleScope, type SqlColumnKinds } from './check-column-values';
export { columnKey } from './column-key';
export { createRecordMapper, type SqlRecordMapper, type SqlValueReader } from './create-record-mapper';
export { planBulkChanges, type SqlBulkPlan } from './plan-bulk-changes';
export type { SqlRecordOptions, SqlRecordRun } from './read-record';
export { checkDatabaseDefaults } from './check-database-defaults';
// Task tx: one transaction runner (the slot of a connection, the failed-statement rule) for PostgreSQL and MariaDB.
export { createTransactionSlot, createTransactionSlots } from './transaction-slot';
export type { SqlSlotRules, TransactionSlot } from './transaction-slot';
export { runSqlTransactionWork } from './transaction-bindings';
export { runExclusive, runQueuedStatement } from './transaction-queue';
// What PostgreSQL's repository kept that is no dialect's own: a connection's runner, a typed dialect's table
// (its shape, contexts, record source and listings), the facts of a table, the row-order rule, the table registry.
export { createSqlRun } from './create-sql-run';
export { createTypedTableSource } from './create-typed-table-source';
export { createTypedListing } from './create-typed-listing';
export { typedColumnKinds } from './typed-column-kinds';
export { createKeptRead } from './create-kept-read';
export { columnsOverLimits, constraintColumnsOf, type SqlTableFacts } from './sql-table-facts';
export { rowOrderMatters, type SqlUniqueIndexUse } from './row-order-matters';
export { createTableRegistry } from './create-table-registry';
export type { SqlJoinedTable } from './plan-joined-relations';
export { createTypedContexts } from './create-typed-contexts';
export { typedTableLayout } from './typed-table-layout';
export { createShapeLookup, type SqlCatalogRead, type SqlShapeLookup } from './create-shape-lookup';
// What a dialect reads of its columns' collations from information_schema.
export { columnCollationsOf, type ColumnCollation } from './column-collations';
