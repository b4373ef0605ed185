import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createHookBus } from '../../src/index';

type Events = {
  ping: (log: string[]) => void | Promise<void>;
  other: (log: string[]) => void | Promise<void>;
};

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every queued microtask and timer callback run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('createHookBus', () => {
  describe('on', () => {
    it('runs a higher priority first, default priority 0', async () => {
      const bus = createHookBus<Events>();
      bus.on('ping', (log) => void log.push('default'));
      bus.on('ping', (log) => void log.push('low'), { priority: -5 });
      bus.on('ping', (log) => void log.push('high'), { priority: 10 });
      bus.on('ping', (log) => void log.push('mid'), { priority: 1 });
      bus.on('ping', (log) => void log.push('fraction'), { priority: 0.5 });
      const log: string[] = [];
      await bus.emit('ping', log);
      expect(log).toStrictEqual(['high', 'mid', 'fraction', 'default', 'low']);
    });

    it('runs equal priorities in registration order', async () => {
      const bus = createHookBus<Events>();
      for (const name of ['a', 'b', 'c']) bus.on('ping', (log) => void log.push(name), { priority: 3 });
      for (const name of ['d', 'e']) bus.on('ping', (log) => void log.push(name));
      bus.on('ping', (log) => void log.push('f'), { priority: 3 });
      const log: string[] = [];
      await bus.emit('ping', log);
      expect(log).toStrictEqual(['a', 'b', 'c', 'f', 'd', 'e']);
    });

    it('keeps the handlers of each event apart', async () => {
      const bus = createHookBus<Events>();
      bus.on('ping', (log) => void log.push('ping'));
      bus.on('other', (log) => void log.push('other'));
      const log: string[] = [];
      await bus.emit('other', log);
      expect(log).toStrictEqual(['other']);
    });

    it('returns an unsubscribe function that removes only that registration', async () => {
      const bus = createHookBus<Events>();
      const shared = (log: string[]): void => void log.push('shared');
      bus.on('ping', shared);
      const off = bus.on('ping', shared);
      bus.on('ping', (log) => void log.push('last'));
      off();
      off(); // a second call changes nothing
      const log: string[] = [];
      await bus.emit('ping', log);
      expect(log).toStrictEqual(['shared', 'last']);
      expect(bus.handlers('ping')).toHaveLength(2);
    });

    it('does not change a run already started when a handler unsubscribes another', async () => {
      const bus = createHookBus<Events>();
      let offSecond = (): void => undefined;
      bus.on('ping', (log) => {
        log.push('first');
        offSecond();
      });
      offSecond = bus.on('ping', (log) => void log.push('second'));
      const log: string[] = [];
      await bus.emit('ping', log);
      expect(log).toStrictEqual(['first', 'second']);
      const again: string[] = [];
      await bus.emit('ping', again);
      expect(again).toStrictEqual(['first']);
    });

    it.each([
      { name: 'a non-function handler', handler: 'nope', options: {} },
      { name: 'a NaN priority', handler: () => undefined, options: { priority: Number.NaN } },
      { name: 'an Infinity priority', handler: () => undefined, options: { priority: Number.POSITIVE_INFINITY } },
    ])('throws a TypeError for $name', ({ handler, options }) => {
      const bus = createHookBus<Events>();
      expect(() => bus.on('ping', handler as never, options)).toThrow(TypeError);
      expect(bus.handlers('ping')).toHaveLength(0);
    });
  });

  describe('handlers', () => {
    it('returns a frozen snapshot that later registrations and unsubscribes never change', () => {
      const bus = createHookBus<Events>();
      const a = (log: string[]): void => void log.push('a');
      const b = (log: string[]): void => void log.push('b');
      const offA = bus.on('ping', a);
      const before = bus.handlers('ping');
      bus.on('ping', b, { priority: 1 });
      offA();
      expect(before).toStrictEqual([a]);
      expect(Object.isFrozen(before)).toBe(true);
      expect(bus.handlers('ping')).toStrictEqual([b]);
      expect(() => (before as unknown as unknown[]).push(b)).toThrow(TypeError);
    });

    it('returns a frozen empty list for an event without handlers, including after the last unsubscribe', () => {
      const bus = createHookBus<Events>();
      expect(bus.handlers('ping')).toStrictEqual([]);
      expect(Object.isFrozen(bus.handlers('ping'))).toBe(true);
      const off = bus.on('ping', () => undefined);
      off();
      expect(bus.handlers('ping')).toStrictEqual([]);
      expect(Object.isFrozen(bus.handlers('ping'))).toBe(true);
    });

    it('returns the handlers of events named like Object.prototype keys', () => {
      const bus = createHookBus<Record<string, () => void>>();
      const handler = (): void => undefined;
      for (const event of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        expect(bus.handlers(event)).toStrictEqual([]);
        bus.on(event, handler);
        expect(bus.handlers(event)).toStrictEqual([handler]);
      }
    });
  });

  describe('emit', () => {
    it('passes the arguments to every handler', async () => {
      const bus = createHookBus<{ add: (a: number, b: string) => void }>();
      const handler = vi.fn();
      bus.on('add', handler);
      await bus.emit('add', 1, 'x');
      expect(handler).toHaveBeenCalledExactlyOnceWith(1, 'x');
    });

    it('resolves with no handlers', async () => {
      await expect(createHookBus<Events>().emit('ping', [])).resolves.toBeUndefined();
    });

    it('awaits handlers one at a time, never overlapping', async () => {
      const bus = createHookBus<Events>();
      const gates = [deferred(), deferred(), deferred()];
      let running = 0;
      let maxRunning = 0;
      gates.forEach((gate, i) =>
        bus.on('ping', async (log) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          log.push(`start ${i}`);
          await gate.promise;
          log.push(`end ${i}`);
          running--;
        }),
      );
      const log: string[] = [];
      let done = false;
      const run = bus.emit('ping', log).then(() => {
        done = true;
      });
      await settle();
      expect(log).toStrictEqual(['start 0']);
      gates[1]?.resolve(); // releasing a later gate early must not start its handler
      await settle();
      expect(log).toStrictEqual(['start 0']);
      gates[0]?.resolve();
      await settle();
      expect(log).toStrictEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2']);
      expect(done).toBe(false);
      gates[2]?.resolve();
      await run;
      expect(done).toBe(true);
      expect(maxRunning).toBe(1);
    });

    it('stops at the first failure and rejects with it', async () => {
      const bus = createHookBus<Events>({ onHandlerError: vi.fn() });
      const failure = new Error('boom');
      const later = vi.fn();
      bus.on('ping', (log) => void log.push('first'));
      bus.on('ping', async () => {
        await settle();
        throw failure;
      });
      bus.on('ping', later);
      const log: string[] = [];
      await expect(bus.emit('ping', log)).rejects.toBe(failure);
      expect(log).toStrictEqual(['first']);
      expect(later).not.toHaveBeenCalled();
    });

    it('stops at a synchronous throw too', async () => {
      const bus = createHookBus<Events>();
      const later = vi.fn();
      bus.on('ping', () => {
        throw new RangeError('sync');
      });
      bus.on('ping', later);
      await expect(bus.emit('ping', [])).rejects.toThrow(RangeError);
      expect(later).not.toHaveBeenCalled();
    });
  });

  describe('emitSettled', () => {
    it('runs every handler and reports each failure to onHandlerError with the event', async () => {
      const onHandlerError = vi.fn();
      const bus = createHookBus<Events>({ onHandlerError });
      const first = new Error('first');
      const second = 'a string throw';
      bus.on('ping', (log) => {
        log.push('a');
        throw first;
      });
      bus.on('ping', async (log) => {
        log.push('b');
        await settle();
        throw second;
      });
      bus.on('ping', (log) => void log.push('c'));
      const log: string[] = [];
      await expect(bus.emitSettled('ping', log)).resolves.toBeUndefined();
      expect(log).toStrictEqual(['a', 'b', 'c']);
      expect(onHandlerError.mock.calls).toStrictEqual([
        [first, { event: 'ping' }],
        [second, { event: 'ping' }],
      ]);
    });

    it('resolves when failures happen and no onHandlerError is given', async () => {
      const bus = createHookBus<Events>();
      const later = vi.fn();
      bus.on('ping', () => {
        throw new Error('ignored');
      });
      bus.on('ping', later);
      await expect(bus.emitSettled('ping', [])).resolves.toBeUndefined();
      expect(later).toHaveBeenCalledOnce();
    });

    it('swallows a throwing onHandlerError and still runs later handlers', async () => {
      const onHandlerError = vi.fn(() => {
        throw new Error('reporter failed');
      });
      const bus = createHookBus<Events>({ onHandlerError });
      bus.on('ping', () => {
        throw new Error('one');
      });
      bus.on('ping', () => {
        throw new Error('two');
      });
      bus.on('ping', (log) => void log.push('ran'));
      const log: string[] = [];
      await expect(bus.emitSettled('ping', log)).resolves.toBeUndefined();
      expect(log).toStrictEqual(['ran']);
      expect(onHandlerError).toHaveBeenCalledTimes(2);
    });

    it('awaits handlers one at a time', async () => {
      const bus = createHookBus<Events>();
      const gate = deferred();
      bus.on('ping', async (log) => {
        log.push('start 0');
        await gate.promise;
        log.push('end 0');
        throw new Error('after waiting');
      });
      bus.on('ping', (log) => void log.push('start 1'));
      const log: string[] = [];
      const run = bus.emitSettled('ping', log);
      await settle();
      expect(log).toStrictEqual(['start 0']);
      gate.resolve();
      await run;
      expect(log).toStrictEqual(['start 0', 'end 0', 'start 1']);
    });
  });

  describe('reportError', () => {
    it('calls onHandlerError with the event, and never throws', () => {
      const onHandlerError = vi.fn(() => {
        throw new Error('reporter failed');
      });
      const bus = createHookBus<Events>({ onHandlerError });
      const error = new Error('x');
      expect(() => bus.reportError(error, 'ping')).not.toThrow();
      expect(onHandlerError).toHaveBeenCalledExactlyOnceWith(error, { event: 'ping' });
    });
  });

  describe('properties', () => {
    const step = fc.oneof(
      {
        arbitrary: fc.record({ kind: fc.constant('on' as const), priority: fc.integer({ min: -3, max: 3 }) }),
        weight: 3,
      },
      { arbitrary: fc.record({ kind: fc.constant('off' as const), pick: fc.nat() }), weight: 1 },
    );

    it('runs handlers in a stable sort by priority, descending, for any registrations and unsubscribes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
          const bus = createHookBus<Events>();
          const live: { name: string; priority: number; seq: number; off: () => void }[] = [];
          steps.forEach((s, seq) => {
            if (s.kind === 'on') {
              const name = `h${seq}`;
              const off = bus.on('ping', (log) => void log.push(name), { priority: s.priority });
              live.push({ name, priority: s.priority, seq, off });
            } else if (live.length > 0) {
              const [removed] = live.splice(s.pick % live.length, 1);
              removed?.off();
            }
          });
          const expected = [...live].sort((a, b) => b.priority - a.priority || a.seq - b.seq).map((h) => h.name);
          const log: string[] = [];
          await bus.emit('ping', log);
          expect(log).toStrictEqual(expected);
          const settled: string[] = [];
          await bus.emitSettled('ping', settled);
          expect(settled).toStrictEqual(expected);
        }),
      );
    });
  });
});
