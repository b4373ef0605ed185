import type { SqlReadDialect, SqlTypedDialect, SqlWriteDialect } from '../sql/index';
import { lowerText } from './lower-text';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { arrayTypeOf, columnKindOf, defaultSqlType } from './sql-types';
import { toSqlParam } from './sql-values';
import { readExpression } from './read-expression';

/**
 * PostgreSQL as a typed dialect of the SQL engine: values bound as the catalog's types (see `toSqlParam`), lists as
 * typed arrays (`$3::uuid[]`), `::text` casts, `COLLATE "C"` for code-point order, `lowerText` for folding, and the
 * rows of parameter arrays as `unnest($1::uuid[], $2::text[])`.
 */
export const POSTGRES_TYPED_DIALECT: SqlTypedDialect & SqlReadDialect & SqlWriteDialect = Object.freeze({
  ...POSTGRES_SQL_DIALECT,
  kindOf: columnKindOf,
  defaultType: defaultSqlType,
  toParam: toSqlParam,
  arrayType: arrayTypeOf,
  readExpression,
  asText: (expression: string) => `${expression}::text`,
  codePoint: (expression: string) => `${expression} COLLATE "C"`,
  fold: lowerText,
  arrayRows: (arrays: readonly string[]) => `unnest(${arrays.join(', ')})`,
});
