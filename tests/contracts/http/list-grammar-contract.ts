/** The list grammar over HTTP on a server of its own: `search`, `select`, OR groups and the `link` header. */
import { describe } from 'vitest';
import { serveExample, type StartServer } from './example-server';
import { SEED } from './fixtures';
import { createGrammarClient } from './grammar-client';
import { describeLinkHeaderContract } from './link-header-contract';
import { describeOrGroupsContract } from './or-groups-contract';
import { describeLiteralSearchContract, describeSearchContract } from './search-contract';
import { describeSelectContract } from './select-contract';

/**
 * The list grammar over HTTP on a freshly seeded example (the seed is the reference model): `search`, `select`, OR
 * groups and the `link` header of GET /users, and a 400 with the envelope and the request's correlation id for
 * every bad input.
 */
export function describeListGrammarContract(name: string, start: StartServer): void {
  describe(`${name} example: search, select, OR groups and the link header`, () => {
    const client = createGrammarClient(
      serveExample(start, { seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000 }),
    );
    describeSearchContract(client);
    describeSelectContract(client);
    describeOrGroupsContract(client);
    describeLinkHeaderContract(client);
    describeLiteralSearchContract(client);
  });
}
