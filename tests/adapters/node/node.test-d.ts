/** Types of pagelope/node: clientErrorListener for Node's HTTP server, the request context and pino's mixin. */
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import pino from 'pino';
import {
  clientErrorListener,
  correlationMixin,
  currentCorrelationId,
  currentRequestContext,
  runInRequestContext,
  type ClientErrorListener,
  type CorrelationMixin,
  type RequestContext,
} from 'pagelope/node';
import { describe, expectTypeOf, it } from 'vitest';

describe('clientErrorListener', () => {
  it("returns a listener for the server's clientError event", () => {
    expectTypeOf(clientErrorListener()).toEqualTypeOf<ClientErrorListener>();
    expectTypeOf<ClientErrorListener>().parameters.toEqualTypeOf<
      [error: Error & { readonly code?: unknown }, socket: Duplex]
    >();
    expectTypeOf<ClientErrorListener>().returns.toEqualTypeOf<void>();
    createServer().on('clientError', clientErrorListener());
    // @ts-expect-error the listener takes an Error, not a string
    const listener: ClientErrorListener = (error: string) => void error;
    expectTypeOf(listener).not.toBeAny();
  });
});

describe('the request context', () => {
  it('types currentCorrelationId, runInRequestContext and correlationMixin', () => {
    expectTypeOf(currentCorrelationId()).toEqualTypeOf<string | undefined>();
    expectTypeOf(currentRequestContext()).toEqualTypeOf<RequestContext | undefined>();
    expectTypeOf(runInRequestContext({ correlationId: 'a' }, () => 42)).toEqualTypeOf<number>();
    expectTypeOf(runInRequestContext({ correlationId: 'a' }, async () => 'x')).toEqualTypeOf<Promise<string>>();
    expectTypeOf(runInRequestContext).not.toBeAny();
    // @ts-expect-error a context needs its correlation id
    runInRequestContext({}, () => 1);
    const mixin = correlationMixin({ key: 'reqId' });
    expectTypeOf(mixin).toEqualTypeOf<CorrelationMixin>();
    expectTypeOf(mixin()).toEqualTypeOf<Record<string, string>>();
    // pino's `mixin` option takes it
    pino({ mixin: correlationMixin() });
    // @ts-expect-error the key is a string
    correlationMixin({ key: 1 });
  });
});
