import type { SqlColumnKinds } from './check-column-values';
import type { SqlTableShape } from './sql-context';
import type { SqlTypedDialect } from './typed-dialect';

/**
 * The SQL engine's kinds of the columns of `shape` as a typed dialect reads its catalog's types (`kindOf`), for the
 * column-kind checks (`checkRecordValues`, `checkQueryValues`, `isImpossibleScope`); `undefined` for a field without
 * a type.
 */
export function typedColumnKinds(
  dialect: Pick<SqlTypedDialect, 'kindOf'>,
  shape: Pick<SqlTableShape, 'types'>,
): SqlColumnKinds {
  return (field) => {
    const type = shape.types.get(field);
    return type === undefined ? undefined : dialect.kindOf(type);
  };
}
