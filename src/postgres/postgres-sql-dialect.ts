import { likeMatch, type SqlDialect } from '../sql/index';
import { postgresFaultOf } from './database-error';

/**
 * PostgreSQL (pg, PGlite) as a dialect of the SQL engine: double-quoted identifiers, numbered `$n` placeholders,
 * `NULLS FIRST/LAST` on every order term (the order PostgreSQL gives by default, written out), row-comparison
 * keysets, text tests as LIKE patterns (`escapeLike`); faults read from the SQLSTATE (see `postgresFaultOf`).
 */
export const POSTGRES_SQL_DIALECT: SqlDialect = Object.freeze({
  name: 'PostgreSQL',
  quoteIdentifier: (name: string) => `"${name.replaceAll('"', '""')}"`,
  placeholder: (index: number) => `$${index}`,
  orderTerm: (expression: () => string, direction: 'asc' | 'desc') =>
    direction === 'desc' ? `${expression()} DESC NULLS FIRST` : `${expression()} ASC NULLS LAST`,
  rowKeyset: true,
  textMatch: (
    mode: 'contains' | 'starts' | 'ends',
    expression: () => string,
    needle: string,
    bind: (value: string) => string,
  ) => likeMatch(mode, expression(), needle, bind),
  never: 'FALSE',
  always: 'TRUE',
  faultOf: postgresFaultOf,
});
