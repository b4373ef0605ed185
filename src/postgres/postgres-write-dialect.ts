import type { SqlWriteDialect } from '../sql/index';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';

/**
 * PostgreSQL's writes as the SQL engine writes them: `RETURNING` on every statement, `DEFAULT` in `VALUES`, at most
 * 65,535 bind parameters a statement (the wire protocol counts them in 16 bits), and a create that skips a stored id
 * (`ON CONFLICT (id) DO NOTHING`), so that a duplicate id does not end the caller's transaction.
 */
export const POSTGRES_WRITE_DIALECT: SqlWriteDialect = Object.freeze({
  ...POSTGRES_SQL_DIALECT,
  returning: Object.freeze({ insert: true, update: true, delete: true }),
  maxParameters: 65_535,
  valuesDefault: true,
  skipStoredId: (idColumn: string) => `ON CONFLICT (${idColumn}) DO NOTHING`,
});
