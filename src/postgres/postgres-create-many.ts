import { duplicateIdError, validateCreate, type CreateInput } from 'pagelope/kit';
import type { WriteErrorContext } from './constraint-error';
import { checkRecordValues } from './check-values';
import { insertStatements } from './insert-statements';
import { keyText } from './key-text';
import { locateFailedItem } from './locate-failed-item';
import type { PostgresBatchParts, Row } from './postgres-batch-parts';
import { runBatch } from './run-batch';
import { bindList } from './sql-context';
import { sqlValueProblem } from './sql-values';
import type { StatementContext } from './statement-context';
import { rootClientOf } from './transaction';

/** The values of `records` by field, each the longest string or the largest number: what makes a column overflow. */
function widestValues(records: readonly Row[]): Row {
  const widest: Row = {};
  const size = (value: unknown) =>
    typeof value === 'string' ? [...value].length : typeof value === 'number' ? Math.abs(value) : -1;
  for (const record of records) {
    for (const [field, value] of Object.entries(record)) {
      if (value == null) continue;
      if (!(field in widest) || size(value) > size(widest[field])) widest[field] = value;
    }
  }
  return widest;
}

/** The first item whose id is stored already or repeats an earlier one's, by a read of the stored ids. */
async function firstDuplicate<TRecord>(
  parts: PostgresBatchParts<TRecord>,
  ids: readonly unknown[],
  context: StatementContext,
): Promise<unknown> {
  const { idField, idColumn, table, run } = parts;
  const type = context.types.get(idField) ?? 'text';
  const usable = ids.filter((id) => id !== undefined && sqlValueProblem(type, id) === undefined);
  const rows =
    usable.length === 0
      ? []
      : await run(
          `SELECT ${idColumn} AS "~id" FROM ${table} WHERE ${idColumn} = ANY(${bindList(idField, usable, context)})`,
          context.params.values,
        );
  const taken = new Set(rows.map((row) => keyText(type, row['~id'])));
  for (const id of ids) {
    if (id === undefined) continue;
    const key = keyText(type, id);
    if (taken.has(key)) return id;
    taken.add(key);
  }
  return undefined;
}

/**
 * `createMany` of a PostgreSQL repository (see `createPostgresBatchWrites`): one `INSERT ... VALUES (...), (...)
 * RETURNING ...` for the whole batch (several, in one transaction, only past PostgreSQL's bind parameters); every
 * record validated and checked first. An id given twice, or already stored, is the 409 of a single `create` for the
 * first such item; any other constraint error is located by replaying the items one by one.
 */
export async function createRecords<TRecord>(
  parts: PostgresBatchParts<TRecord>,
  data: readonly CreateInput<TRecord>[],
): Promise<TRecord[]> {
  const { resource, client, idField, databaseDefaults, toRecord, run, writeError } = parts;
  const filledByDatabase = new Set(databaseDefaults);
  const inTransaction = rootClientOf(client) !== client;
  // Every record validated and checked before any statement: the 400 of the first bad one.
  const records = Array.from(data, (item) => validateCreate(resource, item, { databaseDefaults }) as Row);
  if (records.length === 0) return [];
  const context = await parts.context();
  for (const record of records) {
    if (record[idField] === undefined && !filledByDatabase.has(idField)) record[idField] = parts.generateId();
    checkRecordValues(record, context);
  }
  const ids = records.map((record) => record[idField]);
  const type = context.types.get(idField) ?? 'text';
  const given = ids.filter((id) => id !== undefined).map((id) => keyText(type, id));
  if (new Set(given).size < given.length) {
    throw duplicateIdError(resource, await firstDuplicate(parts, ids, await parts.context()));
  }
  const statements = await insertStatements(records, parts);
  const write = (statement: (typeof statements)[number]): WriteErrorContext => ({
    operation: 'create',
    record: widestValues(statement.records),
    paramFields: statement.paramFields,
  });
  // A unique violation of the id names no item: the stored ids are read to find the first duplicate. Any other
  // constraint or data error of a statement of several records is located by replaying the items one by one.
  const createError = async (error: unknown, context: WriteErrorContext) => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505') {
      const duplicate = await firstDuplicate(parts, ids, await parts.context());
      if (duplicate !== undefined) return duplicateIdError(resource, duplicate);
    }
    if (records.length < 2 || typeof code !== 'string' || !/^2[23]/.test(code)) return writeError(error, context);
    const failed = await locateFailedItem(client, records.length, async (i) => {
      const [statement] = await insertStatements([records[i] as Row], parts);
      return statement as (typeof statements)[number];
    });
    if (!failed) return writeError(error, context);
    const record = records[failed.index] as Row;
    return writeError(failed.error, {
      operation: 'create',
      id: record[idField],
      record,
      paramFields: failed.statement.paramFields,
      item: failed.index,
    });
  };
  const [first] = statements;
  let rows: readonly Row[];
  if (statements.length === 1 && first && !inTransaction) {
    // One statement is atomic on its own.
    try {
      rows = await run(first.text, first.values);
    } catch (error) {
      throw await createError(error, write(first));
    }
  } else {
    // Several statements, or one inside a caller's transaction (which its failure would end), run in a
    // transaction or a savepoint of their own.
    rows = await runBatch(
      client,
      async (exec) => {
        const out: Row[] = [];
        // Row by row: a statement may return tens of thousands, too many to spread as arguments.
        for (const statement of statements) {
          for (const row of await exec(statement.text, statement.values, write(statement))) out.push(row);
        }
        return out;
      },
      createError,
    );
  }
  // PostgreSQL returns the rows of VALUES in order; paired by id where every id is known, to be sure of it.
  const created = rows.map((row) => toRecord(row) as TRecord);
  if (ids.some((id) => id === undefined) || created.length !== ids.length) return created;
  const byKey = new Map(created.map((record) => [keyText(type, (record as Row)[idField]), record]));
  return ids.map((id) => byKey.get(keyText(type, id)) as TRecord);
}
