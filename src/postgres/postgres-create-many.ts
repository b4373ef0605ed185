import { validateCreate, type CreateInput } from 'pagelope/kit';
import { insertRecords, type SqlWriteDialect } from '../sql/index';
import { checkRecordValues } from './check-values';
import { codeOf, isValueError } from './constraint-error';
import { keyText } from './key-text';
import type { PostgresBatchParts, Row } from './postgres-batch-parts';
import { POSTGRES_SQL_DIALECT } from './postgres-sql-dialect';
import { bindList, bindValue } from './sql-context';
import { sqlValueProblem } from './sql-values';
import { rootClientOf, runTransaction } from './transaction';

/**
 * PostgreSQL's writes as the SQL engine writes them: `RETURNING` on every statement, `DEFAULT` in `VALUES`, at most
 * 65,535 bind parameters a statement (the wire protocol counts them in 16 bits).
 */
export const POSTGRES_WRITE_DIALECT: SqlWriteDialect = Object.freeze({
  ...POSTGRES_SQL_DIALECT,
  returning: Object.freeze({ insert: true, update: true, delete: true }),
  maxParameters: 65_535,
  valuesDefault: true,
});

/**
 * `createMany` of a PostgreSQL repository (see `createPostgresBatchWrites`): every record validated and checked
 * first, then the SQL engine's `insertRecords`: one `INSERT ... VALUES (...), (...) RETURNING ...` (several, in one
 * transaction, only past PostgreSQL's bind parameters), a duplicate id the 409 of a single `create` for the first such
 * item, any other constraint or data error located by replaying the items one by one.
 */
export async function createRecords<TRecord>(
  parts: PostgresBatchParts<TRecord>,
  data: readonly CreateInput<TRecord>[],
): Promise<TRecord[]> {
  const { resource, client, table, idField, idColumn, databaseDefaults } = parts;
  const filledByDatabase = new Set(databaseDefaults);
  // Every record validated and checked before any statement: the 400 of the first bad one.
  const records = Array.from(data, (item) => validateCreate(resource, item, { databaseDefaults }) as Row);
  if (records.length === 0) return [];
  const context = await parts.context();
  for (const record of records) {
    if (record[idField] === undefined && !filledByDatabase.has(idField)) record[idField] = parts.generateId();
    checkRecordValues(record, context);
  }
  const type = context.types.get(idField) ?? 'text';
  const created = await insertRecords(
    {
      dialect: POSTGRES_WRITE_DIALECT,
      table,
      fields: parts.fields,
      idField,
      column: parts.column,
      async statement() {
        const fresh = await parts.context();
        return {
          bind: (field: string, value: unknown) => bindValue(field, value, fresh),
          values: fresh.params.values,
          returning: fresh.layout.selectOf(),
        };
      },
      resource,
      toRecord: parts.toRecord,
      key: (id) => keyText(type, id),
      run: (text, values) => parts.run(text, [...values]),
      transaction: (work) =>
        runTransaction(client, (tx) =>
          work(async (text, values) => (await (tx.query as NonNullable<typeof tx.query>)(text, values)).rows),
        ),
      isolateOne: rootClientOf(client) !== client,
      async storedIds(ids) {
        const usable = ids.filter((id) => sqlValueProblem(type, id) === undefined);
        if (usable.length === 0) return [];
        const fresh = await parts.context();
        const match = `${idColumn} = ANY(${bindList(idField, usable, fresh)})`;
        const rows = await parts.run(`SELECT ${idColumn} AS "~id" FROM ${table} WHERE ${match}`, fresh.params.values);
        return rows.map((row) => row['~id']);
      },
      readBack: () => Promise.resolve([]),
      isUnique: (error) => codeOf(error) === '23505',
      isValueError,
      writeError: parts.writeError,
    },
    records,
  );
  return created as TRecord[];
}
