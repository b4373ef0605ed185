import { MemoryStore } from './memory-store';

type Row = Readonly<Record<string, unknown>>;

/** One change a transaction made to a store, with what undoes it. */
interface Change {
  readonly store: JournaledStore;
  readonly kind: 'add' | 'remove' | 'replace';
  readonly row: Row;
  /** The new version of a replaced row. */
  readonly next?: Row;
}

/** The open transaction that holds a store: the journal of its changes, and when it ends. */
export interface StoreHolder {
  /** Every change of every store the transaction holds, oldest first. */
  readonly changes: Change[];
  /** Resolves once the transaction has committed or rolled back, and released its stores. */
  readonly ended: Promise<void>;
}

/**
 * A memory store whose changes are written to the journal of the transaction holding it, so a rollback can undo them
 * through the same index maintenance as any write (records, ordered and equality indexes, text columns). While a
 * transaction holds the store, every change is that transaction's: writes from outside it wait for `holder.ended`,
 * and reads from outside it read the committed state ({@link JournaledStore.readCommitted}).
 */
export class JournaledStore extends MemoryStore {
  /** The open transaction holding the store, if any. */
  holder: StoreHolder | undefined;
  /** Whether a {@link readCommitted} read is running: the holder's changes are undone meanwhile. */
  private viewing = false;

  override add(row: Row): void {
    super.add(row);
    this.holder?.changes.push({ store: this, kind: 'add', row });
  }

  override remove(row: Row): void {
    super.remove(row);
    this.holder?.changes.push({ store: this, kind: 'remove', row });
  }

  override replace(previous: Row, next: Row): void {
    super.replace(previous, next);
    this.holder?.changes.push({ store: this, kind: 'replace', row: previous, next });
  }

  /** Undoes one journaled change of this store, without journaling the undo. */
  private undo(change: Change): void {
    if (change.kind === 'add') super.remove(change.row);
    else if (change.kind === 'remove') super.add(change.row);
    else super.replace(change.next as Row, change.row);
  }

  /** Applies one journaled change again, without journaling it. */
  private redo(change: Change): void {
    if (change.kind === 'add') super.add(change.row);
    else if (change.kind === 'remove') super.remove(change.row);
    else super.replace(change.row, change.next as Row);
  }

  /**
   * Runs `read` on the committed state: with the holding transaction's changes of this store undone, then applied
   * again. `read` must read synchronously (a memory repository's reads do: no `await` before they have their
   * answer), so nothing else ever sees the store in between.
   */
  readCommitted<T>(read: () => T): T {
    // A read already in a committed view of this store (a relation back to the same store) reads it as it is.
    if (this.viewing) return read();
    const own = this.holder?.changes.filter((change) => change.store === this) ?? [];
    for (let i = own.length - 1; i >= 0; i--) this.undo(own[i] as Change);
    this.viewing = true;
    try {
      return read();
    } finally {
      this.viewing = false;
      for (const change of own) this.redo(change);
    }
  }

  /** Undoes `changes` (of any stores), newest first: each store is left exactly as before the first of them. */
  static undoAll(changes: readonly Change[]): void {
    for (let i = changes.length - 1; i >= 0; i--) {
      const change = changes[i] as Change;
      change.store.undo(change);
    }
  }
}
