/**
 * The OpenAPI conformance suite: every documented parameter, status and schema is what the server does. It sends a
 * framework example requests like the HTTP contract suite's (lists with filters, searches, field selections, OR
 * groups, sorting and pages, the cursor route, reads, creates, replaces, patches, deletes, and every error status the
 * server gives: 400, 404, 409, 413, 415, 429, 500, 503) and checks each response against the demo's document
 * (`toOpenApi` of the demo's routes) with ajv:
 * the operation exists for the method and path template, the status is one of its documented responses, the body
 * validates against the schema documented for that status, and the documented headers are there (`x-correlation-id`
 * on every response, `location` on 201, `retry-after` on 429, any other marked required). For the successes, the
 * query parameters sent are documented ones and the body sent validates against the documented request body. An
 * unknown route (404) or another method on a known path (405) is no operation of the document: not checked here.
 * The cases, the document and the checks are in files of their own under `openapi/`. A 5xx case also checks that
 * the example logged it once (`watchErrorLog`, which keeps the expected error out of the test output). Call
 * `describeOpenApiConformance(name, start, watchErrorLog)` from a framework's example test.
 */
import { HttpError } from 'pagelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchErrorLog } from '../support/watch-error-log';
import type { StartedServer, StartServer } from './http-contract';
import { perOperation, SEED, type Case } from './openapi/cases';
import { loadDocument } from './openapi/demo-document';
import { disagreements } from './openapi/disagreements';
import { rejecting } from './openapi/rejecting';
import { SEEDED_CASES } from './openapi/seeded-cases';
import { sendCase } from './openapi/send-case';

/**
 * Declares the conformance of one framework's example to its OpenAPI document, on a server per set of cases;
 * `watchErrorLog` watches the logger the example reports its 5xx to.
 */
export function describeOpenApiConformance(name: string, start: StartServer, watchErrorLog: WatchErrorLog): void {
  describe(`${name} example against its OpenAPI document`, () => {
    const { document, ajv } = loadDocument();

    /** Runs `cases` in order against a server started with `options`, after `before` (requests to spend a budget). */
    const describeCases = (
      title: string,
      options: Parameters<StartServer>[0],
      cases: readonly Case[],
      before: (url: string) => Promise<void> = async () => undefined,
    ) =>
      describe(title, () => {
        let server: StartedServer;
        beforeAll(async () => {
          server = await start({ seedRecords: SEED, rateLimitMax: 100_000, rateLimitWindowMs: 60_000, ...options });
          await before(server.url);
        });
        afterAll(async () => {
          await server?.close();
        });

        it.each(cases.map((item, index) => ({ ...item, index })))(
          '$method $label: $status as documented',
          async (item) => {
            const log = item.status >= 500 ? watchErrorLog() : undefined;
            try {
              const exchange = await sendCase(server.url, item, item.index);
              expect([item.label, exchange.status, exchange.text.slice(0, 300)]).toEqual([
                item.label,
                item.status,
                expect.any(String),
              ]);
              expect(exchange.headers.get('x-correlation-id')).toBe(`conformance-${item.index}`);
              expect(disagreements(document, ajv, exchange)).toStrictEqual([]);
              const line = `${item.method} ${exchange.path} answered ${item.status} (x-correlation-id conformance-${item.index})`;
              if (log) expect(log.lines()).toStrictEqual([expect.stringContaining(line)]);
            } finally {
              log?.restore();
            }
          },
        );
      });

    describeCases('the seeded demo', {}, SEEDED_CASES);
    describeCases('behind its rate limiter (429)', { rateLimitMax: 1 }, perOperation(429), async (url) => {
      expect((await fetch(`${url}/users?limit=1`)).status).toBe(200);
    });
    describeCases(
      'over a repository failing with a secret (500)',
      { repository: rejecting(() => new Error('password=hunter2'), true) },
      perOperation(500),
    );
    describeCases(
      'over an unreachable repository (503)',
      {
        repository: rejecting(() => new HttpError(503, 'Service Unavailable', { headers: { 'retry-after': 1 } }), true),
      },
      perOperation(503),
    );
    describeCases(
      'over a repository refusing writes as conflicts (409)',
      { repository: rejecting(() => new HttpError(409, 'users "user-000002" already exists')) },
      perOperation(409).filter((item) => item.method === 'POST' || item.method === 'PUT' || item.method === 'PATCH'),
    );
  });
}
