import { createContextCompilers } from '../sql/index';
import { POSTGRES_TYPED_DIALECT } from './postgres-typed-dialect';

export type { SqlContext } from '../sql/index';

/**
 * The SQL engine's compilers of statements on a context (see `createContextCompilers`), over PostgreSQL: every value
 * a parameter bound as its column's type (lists as one array of it, `$3::uuid[]`); equality and lists on the column as
 * it is, so its indexes serve them; ranges, orders and keysets with `COLLATE "C"` where the column collates otherwise;
 * the case-insensitive operators and the search on `lowerText`, the expression the trigram indexes of
 * `createTableSql(resource, { trigram: true })` are built on; relation terms through the context's compiler (EXISTS
 * subqueries, see `planRelations`). Values are checked beforehand (`checkQueryValues`).
 */
export const POSTGRES_COMPILERS = createContextCompilers(POSTGRES_TYPED_DIALECT);

/** The compilers of {@link POSTGRES_COMPILERS}, one by one. */
export const { orderSourceOf, compileWhere, compileFilter, compileSearch } = POSTGRES_COMPILERS;
