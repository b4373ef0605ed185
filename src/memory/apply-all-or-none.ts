import { JournaledStore, type StoreHolder } from './journaled-store';

/**
 * Runs `apply` (synchronous: it writes `store` through `add`, `replace` and `remove`) with its changes journaled on
 * their own, so that a throw undoes exactly them, through the same index maintenance as any write, and is rethrown:
 * `store` is left as before. When it succeeds and a transaction holds `store`, its changes join that transaction's
 * journal (a rollback of the transaction undoes them too); a failed batch inside a transaction undoes only itself.
 *
 * Nothing else can run between the swap of the holder and its restore: `apply` must not await.
 */
export function applyAllOrNone<T>(store: JournaledStore, apply: () => T): T {
  const outer = store.holder;
  const own: StoreHolder = { changes: [], ended: outer?.ended ?? Promise.resolve() };
  store.holder = own;
  try {
    const result = apply();
    outer?.changes.push(...own.changes);
    return result;
  } catch (error) {
    JournaledStore.undoAll(own.changes);
    throw error;
  } finally {
    store.holder = outer;
  }
}
