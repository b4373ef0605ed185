/**
 * The HTTP contract every framework example meets, over a real socket: list, filters, sorting, errors with the
 * envelope, correlation ids, rate limiting, hooks, the cursor route and the list grammar; one concern a file under
 * `http/`, composed here. Call `describeHttpContract(name, start)` from an example's test file.
 */
import { describe } from 'vitest';
import type { WatchErrorLog } from '../support/watch-error-log';
import { createExampleClient } from './http/example-client';
import { serveExample, type StartServer } from './http/example-server';
import { SEED } from './http/fixtures';
import { describeListGrammarContract } from './http/list-grammar-contract';
import { describeCursorContract, describeListContract } from './http/list-contract';
import { describeRoutingContract } from './http/routing-contract';
import { describeServerContract } from './http/server-contract';
import { describeWriteContract } from './http/write-contract';

export type { StartedServer, StartServer } from './http/example-server';
export { expectCorrelatedErrors, type ErrorCase } from './http/expect-correlated-errors';
export { expectedLinks, linksOf } from './links-of';

/**
 * Declares the HTTP contract for one framework's example, each describe block starting the example it needs with
 * `start`; `watchErrorLog` watches (and silences) the logger the example reports its 5xx to, for the tests that
 * provoke them.
 */
export function describeHttpContract(name: string, start: StartServer, watchErrorLog: WatchErrorLog): void {
  describe(`${name} example over HTTP`, () => {
    const client = createExampleClient(
      serveExample(start, { seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000 }),
    );
    describeListContract(client);
    describeWriteContract(client);
    describeRoutingContract(client);
    describeCursorContract(client);
  });
  describeServerContract(name, start, watchErrorLog);
  describeListGrammarContract(name, start);
}
