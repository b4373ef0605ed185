// The SQL engine of `pagelope/postgres` and `pagelope/drizzle`: what they compile alike, over a dialect that holds
// what differs. On `pagelope/kit` only; no driver, no ORM.
export type { SqlDialect, SqlDirection } from './sql-dialect';
export type { SqlOrderSource } from './sql-order-source';
export { compileKeyset, compileOrder } from './compile-order';
export { toConstraintError } from './constraint-error';
export type { ConstraintBreak, ConstraintKind, ConstraintWrite } from './constraint-error';
export { toItemError } from './to-item-error';
export type { SqlFault } from './sql-dialect';
export { toFaultError } from './to-fault-error';
export { compileSearch, type SqlSearchSource } from './compile-search';
export { escapeLike, likeMatch } from './escape-like';
export { compileFilter, compileWhere, inList } from './compile-where';
export type { SqlFilterSource, SqlList, SqlWhereSource } from './compile-where';
export { compileRelation, type SqlRelationSource } from './compile-relation';
export { readRelated } from './read-related';
export { bindRelations, relationPathsOf, type SqlRelation, type SqlRelationPath } from './bind-relations';
export type { SqlRun, SqlWrite, SqlWriteDialect } from './write-dialect';
export { insertRecords } from './insert-records';
export { readRecord } from './read-record';
export type {
  SqlRecordOptions,
  SqlRecordRun,
  SqlRecordRunner,
  SqlRecordSource,
  SqlRecordStatement,
} from './read-record';
export { deleteRecord, writeRecord, type SqlWriteOptions } from './write-record';
export type { SqlRead, SqlReadDialect, SqlReadRow } from './read-dialect';
export { COUNT_FIRST_OFFSET } from './read-offset-page';
export type { SqlPageSource } from './read-offset-page';
export { countByValues, readByValues } from './read-by-values';
export type { SqlByValuesSource } from './read-by-values';
export { createListReads } from './create-list-reads';
export { toPageSource } from './to-page-source';
export type { SqlListing, SqlListReads } from './create-list-reads';
