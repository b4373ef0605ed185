/** A map of event names to handler signatures. */
export type HookEvents = { [event: string]: (...args: never[]) => unknown };

/** Options of {@link HookBus.on}. */
export interface HookOptions {
  /** Handlers with a higher priority run first (default 0); equal priorities run in registration order. */
  readonly priority?: number;
}

/** Options of {@link createHookBus}. */
export interface HookBusOptions {
  /** Receives every failure of a handler run by `emitSettled`; never replaces the original error. */
  readonly onHandlerError?: (error: unknown, info: { readonly event: string }) => void;
}

/** A typed bus of awaited, ordered handlers. */
export interface HookBus<TEvents extends HookEvents> {
  /** Registers a handler; returns a function that removes this registration. */
  on<K extends keyof TEvents & string>(event: K, handler: TEvents[K], options?: HookOptions): () => void;
  /** The handlers of an event, in the order they run (a snapshot). */
  handlers<K extends keyof TEvents & string>(event: K): readonly TEvents[K][];
  /** Runs the handlers one at a time, awaited; the first failure stops the run and is thrown. */
  emit<K extends keyof TEvents & string>(event: K, ...args: Parameters<TEvents[K]>): Promise<void>;
  /** Runs every handler one at a time, awaited, even when some fail; failures go to `onHandlerError`. */
  emitSettled<K extends keyof TEvents & string>(event: K, ...args: Parameters<TEvents[K]>): Promise<void>;
  /** Reports a handler failure to `onHandlerError`, if given; never throws. */
  reportError(error: unknown, event: string): void;
}

type Handler = (...args: never[]) => unknown;

interface Registration {
  readonly handler: Handler;
  readonly priority: number;
}

const NO_HANDLERS: readonly Handler[] = Object.freeze([]);

/**
 * Creates a typed hook bus: handlers run one at a time, awaited, higher `priority` first, equal priorities in
 * registration order.
 *
 * @example
 * const bus = createHookBus<{ saved: (id: string) => void }>();
 * const off = bus.on('saved', (id) => console.log(id), { priority: 10 });
 * await bus.emit('saved', 'a1');
 * off();
 */
export function createHookBus<TEvents extends HookEvents>(options: HookBusOptions = {}): HookBus<TEvents> {
  /** Per event: the registrations in run order, and the frozen handler list built from them (both replaced, never mutated). */
  const registry = new Map<string, { readonly list: readonly Registration[]; readonly handlers: readonly Handler[] }>();

  const store = (event: string, list: readonly Registration[]): void => {
    if (list.length === 0) registry.delete(event);
    else registry.set(event, { list, handlers: Object.freeze(list.map((r) => r.handler)) });
  };

  const reportError = (error: unknown, event: string): void => {
    try {
      options.onHandlerError?.(error, Object.freeze({ event }));
    } catch {
      // A failing error reporter must not replace the error being handled.
    }
  };

  const bus: HookBus<TEvents> = {
    on(event, handler, { priority = 0 } = {}) {
      if (typeof handler !== 'function') throw new TypeError(`handler of ${event} must be a function`);
      if (!Number.isFinite(priority)) throw new TypeError(`priority of ${event} must be a finite number`);
      const list = registry.get(event)?.list ?? [];
      const registration: Registration = { handler, priority };
      let at = list.length;
      while (at > 0 && (list[at - 1] as Registration).priority < priority) at--;
      const next = [...list];
      next.splice(at, 0, registration);
      store(event, next);
      return () => {
        const current = registry.get(event)?.list ?? [];
        store(
          event,
          current.filter((r) => r !== registration),
        );
      };
    },
    handlers(event) {
      // The stored list is frozen and replaced on every change, so it is a snapshot already: no copy per call.
      return (registry.get(event)?.handlers ?? NO_HANDLERS) as readonly TEvents[typeof event][];
    },
    async emit(event, ...args) {
      for (const handler of bus.handlers(event)) await (handler as unknown as (...a: unknown[]) => unknown)(...args);
    },
    async emitSettled(event, ...args) {
      for (const handler of bus.handlers(event)) {
        try {
          await (handler as unknown as (...a: unknown[]) => unknown)(...args);
        } catch (error) {
          reportError(error, event);
        }
      }
    },
    reportError,
  };
  return Object.freeze(bus);
}
