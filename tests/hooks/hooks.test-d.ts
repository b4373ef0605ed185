/** Types of the hooks module: createHookBus and HookBus (root entry). */
import { createHookBus, type HookBus, type HookBusOptions, type HookEvents, type HookOptions } from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';

type Events = {
  created: (id: string, at: Date) => void;
  failed: (error: unknown) => Promise<void>;
};

describe('createHookBus', () => {
  it('returns a HookBus of the event map', () => {
    const bus = createHookBus<Events>({ onHandlerError: (_error, info) => void info.event });
    expectTypeOf(bus).toEqualTypeOf<HookBus<Events>>();
    expectTypeOf(bus).not.toBeAny();
    expectTypeOf(createHookBus<Events>)
      .parameter(0)
      .toEqualTypeOf<HookBusOptions | undefined>();
    expectTypeOf<HookBus<HookEvents>>().not.toBeAny();
  });

  it('types handlers and emitted arguments by the event', () => {
    const bus = createHookBus<Events>();
    expectTypeOf(bus.on('created', (id, at) => void [id, at])).toEqualTypeOf<() => void>();
    expectTypeOf(bus.on).parameter(2).toEqualTypeOf<HookOptions | undefined>();
    expectTypeOf(bus.handlers('failed')).toEqualTypeOf<readonly Events['failed'][]>();
    expectTypeOf(bus.emit('created', 'b1', new Date())).toEqualTypeOf<Promise<void>>();
    expectTypeOf(bus.emitSettled('failed', new Error('x'))).toEqualTypeOf<Promise<void>>();
  });

  it('rejects unknown events and wrong arguments at compile time', () => {
    const bus = createHookBus<Events>();
    // @ts-expect-error 'deleted' is not an event
    bus.on('deleted', () => undefined);
    // @ts-expect-error created takes an id and a date
    void bus.emit('created', 'b1');
    // @ts-expect-error the id is a string
    bus.on('created', (id: number) => void id);
  });
});
