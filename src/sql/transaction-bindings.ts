import type { QueryResultRows, Repository, Transaction } from 'pagelope/kit';

/** What a repository registers so that a transaction can bind it: its database, and how to make it on a connection. */
interface Binding {
  readonly root: object;
  bind(on: object): Repository<unknown>;
}

const bindings = new WeakMap<object, Binding>();
/** The repositories bound so far, by binding and by connection: made once for a connection that lasts. */
const bound = new WeakMap<Binding, WeakMap<object, Repository<unknown>>>();

/**
 * Registers `repository` (made on the database of `root`) with the function that makes the same repository on a
 * transaction's connection, so that `tx.repository(repository)` of a transaction on `root` can bind it; returns
 * `repository`.
 */
export function registerTransactionBinding<TRecord, TOn extends object>(
  repository: Repository<TRecord>,
  root: object,
  bind: (on: TOn) => Repository<TRecord>,
): Repository<TRecord> {
  bindings.set(repository, { root, bind: bind as Binding['bind'] });
  return repository;
}

/** A transaction of the database of `root`, its statements on the connection `on` (see {@link createSqlTransaction}). */
export interface SqlTransactionOptions {
  readonly root: object;
  /** The transaction's connection (or runner): what a repository is bound to. */
  readonly on: object;
  /** Runs raw SQL in the transaction (`tx.query`). */
  query(text: string, values: readonly unknown[]): Promise<QueryResultRows>;
  /** The message of the `TypeError` for a repository of another database. */
  readonly refusal: string;
  /** Hears of each repository bound (`guard`, what `tx.repository` returns) and the repository it calls (`inner`). */
  readonly onBound?: (guard: Repository<unknown>, inner: Repository<unknown>) => void;
}

/** The methods of a bound repository that refuse calls once its transaction has ended. */
const METHODS = [
  'create',
  'get',
  'update',
  'replace',
  'delete',
  'list',
  'listByCursor',
  'listByValues',
  'countByValues',
  'createMany',
  'updateMany',
  'deleteMany',
  'transaction',
] as const;

/**
 * The `Transaction` handed to a transaction's work, and `close()`, after which it and the repositories it bound
 * refuse calls: `tx.repository(other)` is `other` made on the transaction's connection when `other` is a repository
 * of the same database, and `tx.query` runs raw SQL in it.
 *
 * @throws TypeError from `tx.repository` for a repository of another database or another kind of store, and from
 * every call once the transaction has ended.
 */
function createSqlTransaction(options: SqlTransactionOptions): { readonly tx: Transaction; close(): void } {
  const { root, on } = options;
  let open = true;
  const ended = () => new TypeError('the transaction has ended: use tx.repository(...) only inside its work');
  const guarded = new Map<Binding, Repository<unknown>>();
  const guardOf = (binding: Binding): Repository<unknown> => {
    let byConnection = bound.get(binding);
    if (!byConnection) bound.set(binding, (byConnection = new WeakMap()));
    let inner = byConnection.get(on);
    if (!inner) byConnection.set(on, (inner = binding.bind(on)));
    const target = inner as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const methods: Record<string, unknown> = {};
    for (const method of METHODS) {
      if (typeof target[method] !== 'function') continue;
      methods[method] = (...args: unknown[]) => (open ? target[method]?.(...args) : Promise.reject(ended()));
    }
    const guard = Object.freeze({ ...methods, databaseDefaults: inner.databaseDefaults }) as Repository<unknown>;
    bindings.set(guard, binding);
    options.onBound?.(guard, inner);
    return guard;
  };
  const tx: Transaction = Object.freeze({
    repository<TOther>(other: Repository<TOther>): Repository<TOther> {
      if (!open) throw ended();
      const binding = bindings.get(other);
      if (binding?.root !== root) throw new TypeError(options.refusal);
      let guard = guarded.get(binding);
      if (!guard) guarded.set(binding, (guard = guardOf(binding)));
      return guard as Repository<TOther>;
    },
    async query(text: string, values: readonly unknown[] = []): Promise<QueryResultRows> {
      if (!open) throw ended();
      return options.query(text, values);
    },
  });
  return {
    tx,
    close: () => {
      open = false;
    },
  };
}

/**
 * Runs `work` with the `Transaction` of `options` (see {@link createSqlTransaction}), closed once `work` settled.
 *
 * @throws the error of `work`.
 */
export async function runSqlTransactionWork<T>(
  options: SqlTransactionOptions,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const transaction = createSqlTransaction(options);
  try {
    return await work(transaction.tx);
  } finally {
    transaction.close();
  }
}
