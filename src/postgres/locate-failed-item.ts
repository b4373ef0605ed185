import type { InsertStatement } from './insert-statements';
import type { SqlClient } from './sql-client';
import { runTransaction } from './transaction';

/** The item of a batch whose own statement failed, with that statement and its error. */
export interface FailedItem {
  /** The item's index in the batch. */
  readonly index: number;
  readonly statement: InsertStatement;
  readonly error: unknown;
}

/** Thrown by the replay's work to roll its transaction back: never seen outside {@link locateFailedItem}. */
const ROLLBACK = Symbol('rollback');

/**
 * Finds which item broke a batch INSERT that failed with a constraint or data error, which PostgreSQL reports for the
 * statement, not the row: the items' own INSERTs (`statementOf`) run one after the other, in order, in a transaction
 * of `client` (a savepoint of the caller's transaction when `client` is bound to one) that is always rolled back;
 * the first one that fails is the item, as the same single creates one after the other would have found it (an item
 * that clashes with an earlier item of the batch included). Runs only after the batch failed, never on success.
 *
 * @returns the first failing item, or `undefined` when none fails on its own (the table changed in between) or the
 * replay itself cannot run (then the batch's error is reported as it is).
 */
export async function locateFailedItem(
  client: SqlClient,
  count: number,
  statementOf: (index: number) => Promise<InsertStatement>,
): Promise<FailedItem | undefined> {
  let found: FailedItem | undefined;
  try {
    await runTransaction(client, async (tx) => {
      const query = tx.query as NonNullable<typeof tx.query>;
      for (let index = 0; index < count; index++) {
        const statement = await statementOf(index);
        try {
          await query(statement.text, statement.values);
        } catch (error) {
          found = { index, statement, error };
          break;
        }
      }
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) return undefined;
  }
  return found;
}
