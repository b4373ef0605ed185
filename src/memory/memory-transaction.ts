import type { Repository, Transaction } from '../kit/index';
import { JournaledStore, type StoreHolder } from './journaled-store';

type AnyRepository = Repository<unknown>;
type Method = (...args: unknown[]) => Promise<unknown>;

/** A memory repository's own operations (without transactions) and its store. */
interface Registered {
  readonly base: AnyRepository;
  readonly store: JournaledStore;
}

/** Every memory repository of this copy of the package, and every repository bound to a transaction, by object. */
const registry = new WeakMap<object, Registered>();

/**
 * The transaction whose bound repository is running an operation right now (operations read synchronously, so this
 * is set only while one runs): relation reads of that operation see the transaction's state of the related stores.
 */
let running: StoreHolder | undefined;

/**
 * The store of a memory repository (a public one or one bound to a transaction), or `undefined` for any other
 * repository. Internal to the memory module: the package exports neither the registry nor this.
 */
export function memoryStoreOf(repository: unknown): JournaledStore | undefined {
  return typeof repository === 'object' && repository !== null ? registry.get(repository)?.store : undefined;
}

/**
 * The transaction the running operation belongs to (`undefined`: none): an operation that awaits before it reads
 * takes it first, and hands it to {@link readAsRunning} once it reads.
 */
export function runningReader(): StoreHolder | undefined {
  return running;
}

/**
 * Runs `read` (synchronous) on the state of `stores` that the running operation (or `reader`'s) sees: a store held by a transaction
 * is read in its committed state unless the operation runs inside that transaction (through `tx.repository`).
 */
export function readAsRunning<T>(stores: Iterable<JournaledStore>, read: () => T, reader = runningReader()): T {
  let run = read;
  for (const store of new Set(stores)) {
    if (store.holder === undefined || store.holder === reader) continue;
    const inner = run;
    run = () => store.readCommitted(inner);
  }
  return run();
}

/** The end of the transaction queue: the next transaction starts once this settles. */
let queueTail: Promise<void> = Promise.resolve();

const endedError = (): Error =>
  new Error('pagelope: this memory transaction has ended (use a repository from tx.repository() only inside work)');

/** Calls `method` as an operation of `tx` (see {@link running}). */
function runIn(tx: MemoryTransaction, method: Method, args: unknown[]): Promise<unknown> {
  const outer = running;
  running = tx;
  try {
    return method(...args);
  } finally {
    running = outer;
  }
}

/**
 * A copy of `entry.base` bound to `tx`: it reaches the store directly while the transaction is open (the transaction
 * holds the store: outside writes wait, outside reads see the committed state) and refuses once it has ended. Its
 * `transaction(work)` joins `tx`.
 */
function bindRepository(entry: Registered, tx: MemoryTransaction): AnyRepository {
  const bound: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry.base)) {
    bound[key] =
      typeof value === 'function'
        ? (...args: unknown[]) => (tx.open ? runIn(tx, value as Method, args) : Promise.reject(endedError()))
        : value;
  }
  bound['transaction'] = (work: (tx: Transaction) => Promise<unknown>) =>
    tx.open ? work(tx) : Promise.reject(endedError());
  const repository = Object.freeze(bound) as unknown as AnyRepository;
  registry.set(repository, entry);
  return repository;
}

/** One open memory transaction: the stores it holds, the journal of their changes, the end it announces. */
class MemoryTransaction implements Transaction, StoreHolder {
  readonly changes: StoreHolder['changes'] = [];
  readonly ended: Promise<void>;
  open = true;
  private readonly held = new Map<Registered, AnyRepository>();
  private announceEnd!: () => void;

  constructor() {
    this.ended = new Promise((resolve) => (this.announceEnd = resolve));
  }

  repository<TOther>(repository: Repository<TOther>): Repository<TOther> {
    const entry = registry.get(repository as object);
    if (entry === undefined) {
      throw new TypeError('pagelope: only a memory repository (createMemoryRepository) can join a memory transaction');
    }
    if (!this.open) throw endedError();
    let bound = this.held.get(entry);
    if (bound === undefined) {
      entry.store.holder = this;
      bound = bindRepository(entry, this);
      this.held.set(entry, bound);
    }
    return bound as Repository<TOther>;
  }

  /** Closes the transaction: undoes its changes on rollback, then releases its stores and announces the end. */
  end(rollback: boolean): void {
    this.open = false;
    try {
      if (rollback) JournaledStore.undoAll(this.changes);
    } finally {
      for (const entry of this.held.keys()) entry.store.holder = undefined;
      this.announceEnd();
    }
  }
}

/**
 * Runs `work` in a memory transaction once every earlier one has ended (one at a time, in call order, across all
 * memory repositories): commits when it resolves, undoes every change of every joined store when it throws and
 * rethrows the error.
 */
async function runMemoryTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const previous = queueTail;
  let release!: () => void;
  queueTail = new Promise((resolve) => (release = resolve));
  await previous;
  const tx = new MemoryTransaction();
  try {
    const result = await work(tx);
    tx.end(false);
    return result;
  } catch (error) {
    tx.end(true);
    throw error;
  } finally {
    release();
  }
}

/**
 * The operations that only read: from outside a transaction they read the committed state instead of waiting. Every
 * other operation is a write and waits, the batch writes (`createMany`, `updateMany`, `deleteMany`) among them.
 */
const READS: ReadonlySet<string> = new Set(['get', 'list', 'listByCursor', 'listByValues', 'countByValues']);

/** Runs `call` once no transaction holds `store` (a transaction that ends may be followed by the next one). */
async function whenReleased(store: JournaledStore, call: () => Promise<unknown>): Promise<unknown> {
  while (store.holder !== undefined) await store.holder.ended;
  return call();
}

/**
 * The public memory repository over `base` (its operations) and `store`: while an open transaction holds the store,
 * its reads answer at once from the committed state and its writes wait until that transaction has ended;
 * `transaction(work)` runs `work` in a memory transaction that this and any other memory repository can join.
 */
export function withTransactions<TRecord>(store: JournaledStore, base: Repository<TRecord>): Repository<TRecord> {
  const repository: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    const call = value as Method;
    const held = READS.has(key)
      ? (...args: unknown[]) => store.readCommitted(() => call(...args))
      : (...args: unknown[]) => whenReleased(store, () => call(...args));
    repository[key] =
      typeof value === 'function'
        ? (...args: unknown[]) => (store.holder === undefined ? call(...args) : held(...args))
        : value;
  }
  repository['transaction'] = runMemoryTransaction;
  const frozen = Object.freeze(repository) as unknown as Repository<TRecord>;
  registry.set(frozen, { base: base as AnyRepository, store });
  return frozen;
}
