import type { SqlClient } from './sql-client';

/** The queue of one single-connection client: transactions take it in turn, statements wait while one is open. */
interface Gate {
  /** Settles when everything queued so far is done. */
  tail: Promise<void>;
  /** Transactions holding or waiting for the gate. */
  transactions: number;
}

const gates = new WeakMap<object, Gate>();

function gateOf(client: SqlClient): Gate {
  let gate = gates.get(client);
  if (!gate) gates.set(client, (gate = { tail: Promise.resolve(), transactions: 0 }));
  return gate;
}

async function inTurn<T>(gate: Gate, work: () => Promise<T>): Promise<T> {
  const before = gate.tail;
  let done!: () => void;
  gate.tail = new Promise<void>((resolve) => (done = resolve));
  await before;
  try {
    return await work();
  } finally {
    done();
  }
}

/**
 * Runs a repository's statement on a single-connection client: at once while no transaction is open or waiting on
 * it, else after the transactions queued before it, so that it never runs inside another caller's transaction.
 */
export function queued<T>(client: SqlClient, statement: () => Promise<T>): Promise<T> {
  const gate = gates.get(client);
  if (!gate || gate.transactions === 0) return statement();
  return inTurn(gate, statement);
}

/** Runs `work` (a whole transaction) alone on `client`: after what is queued, and holding back what comes after. */
export async function exclusive<T>(client: SqlClient, work: () => Promise<T>): Promise<T> {
  const gate = gateOf(client);
  gate.transactions += 1;
  try {
    return await inTurn(gate, work);
  } finally {
    gate.transactions -= 1;
  }
}
