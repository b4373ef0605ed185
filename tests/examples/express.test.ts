import { describe, it } from 'vitest';
import { listen } from '../../examples/express/listen';
import { describeHttpContract, expectCorrelatedErrors } from '../contracts/http-contract';
import { describeOpenApiConformance } from '../contracts/openapi-conformance';
import { watchConsoleError } from '../support/watch-error-log';

describeHttpContract('express', (options) => listen({ ...options, port: 0 }), watchConsoleError);

describe('express example specifics', () => {
  it('puts the same correlation id on 405, 404, 413 and 429 responses (another method on the own /audit route is a 404), counting each against the limit', async () => {
    const server = await listen({ seedRecords: 3, rateLimitMax: 4 });
    try {
      await expectCorrelatedErrors(server.url, [
        ['/users/cursor', { method: 'POST' }, 405],
        ['/nowhere', {}, 404],
        [
          '/users',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(20_000)}"` },
          413,
        ],
        ['/audit', { method: 'DELETE' }, 404],
        ['/users', {}, 429],
      ]);
    } finally {
      await server.close();
    }
  });
});

describeOpenApiConformance('express', (options) => listen({ ...options, port: 0 }), watchConsoleError);
