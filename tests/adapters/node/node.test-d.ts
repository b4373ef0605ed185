/** Types of pagelope/node: clientErrorListener for Node's HTTP server. */
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { clientErrorListener, type ClientErrorListener } from 'pagelope/node';
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
