/**
 * The OpenAPI document against the server, property-based (issue 32, point 11). Per leg (a store and an adapter
 * over real HTTP on 127.0.0.1), the app of conformance-app.ts serves every route type with an `apiKey` security
 * scheme; the run fetches the document it serves and, for every operation, sends `OPENAPI_RUNS` valid and as many
 * hostile requests generated from it (conformance-requests.ts), then create-then-read-update-delete sequences
 * (conformance-sequences.ts). Every answer is checked against the document (conformance-check.ts): the status is
 * documented for the operation, the body and the headers match it, an accepted request is one the document
 * describes, no 5xx, and no 400 for a request drawn entirely from the document. The run must find no disagreement;
 * those the server still has are listed in docs/openapi.md under "Known differences" and skipped here by
 * `isKnownDifference`, each counted. `OPENAPI_RUNS` (default 25) and `OPENAPI_SEQUENCES` (default 15) make longer runs.
 */
import fc from 'fast-check';
import { createMemoryRepository, type Resource } from 'pagelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresRepository, createTableSql } from '../../src/postgres/index';
import { openPglite, openServer, uniqueTable, DATABASE_URL, type TestDatabase } from '../postgres/pg-clients';
import { CONFORMANCE_ADAPTERS, startConformanceApp, type ConformanceApp } from './conformance-app';
import { check, loadServedDocument, send, summary, type Disagreement, type LoadedDocument } from './conformance-check';
import { operationsOf, requestOf } from './conformance-requests';
import { createConformanceRoutes, type RepositoryOf } from './conformance-resources';
import { runSequence, sequenceOf } from './conformance-sequences';
import type { Json } from './schema-arbitrary';

const RUNS = Number(process.env['OPENAPI_RUNS'] ?? 25);
const SEQUENCES = Number(process.env['OPENAPI_SEQUENCES'] ?? 15);

/** A store of the run: how to make a repository per resource, and how to release it. */
interface Store {
  readonly repositoryOf: RepositoryOf;
  close(): Promise<void>;
}

async function postgresStore(open: () => Promise<TestDatabase>): Promise<Store> {
  const db = await open();
  const tables: string[] = [];
  return {
    repositoryOf: async (resource: Resource) => {
      const table = uniqueTable(`conf_${resource.name}`);
      tables.push(table);
      await db.exec(createTableSql(resource, { table }));
      return createPostgresRepository(resource, { client: db.client, table }) as never;
    },
    close: async () => {
      await db.dropTables(tables);
      await db.close();
    },
  };
}

const memoryStore = async (): Promise<Store> => ({
  repositoryOf: (resource) => createMemoryRepository(resource) as never,
  close: async () => undefined,
});

type Leg = readonly [string, (typeof CONFORMANCE_ADAPTERS)[number], () => Promise<Store>];

const LEGS: readonly Leg[] = [
  ['memory', 'fastify', memoryStore],
  ['memory', 'express', memoryStore],
  ['PGlite', 'fastify', () => postgresStore(() => openPglite())],
  ...(DATABASE_URL === undefined
    ? []
    : [['PostgreSQL server', 'express', () => postgresStore(() => openServer(DATABASE_URL!))] satisfies Leg]),
];

/**
 * The differences the server still has, which the document cannot express and the fix of which lies outside the
 * document (docs/openapi.md, "Known differences"): skipped and counted, not failed.
 */
export function isKnownDifference(found: Disagreement): string | undefined {
  // The `or` parameter's total of conditions over all its groups (32) is in its description: JSON Schema bounds the
  // groups (maxItems) and each group's keys, not a sum across them.
  if (found.kind === 'valid request refused' && /OR groups may hold at most \d+ conditions in all/.test(found.detail))
    return 'the total of OR conditions, described in text';
  // OpenAPI declares no family of parameter names: `or[<n>][<field>][<operator>]` is in the `or` description only.
  if (found.kind === 'accepted invalid request' && /the query parameter or\[\d+\]\[/.test(found.detail))
    return 'or[n][field][op] keys, described in text';
  // Left to fix in src/openapi: an equality filter's value runs the field's own schema (`min(1)`), which the
  // document's filter value schemas do not carry.
  if (found.kind === 'valid request refused' && /\] is invalid: /.test(found.detail))
    return "equality filter values checked by the field's own schema";
  // Point 8 of issue 32 (src/resource): an id is refused over 100 characters percent-encoded, which JSON Schema
  // cannot say.
  if (found.kind === 'valid request refused' && /as a URL path segment/.test(found.detail))
    return 'ids over 100 characters percent-encoded';
  return undefined;
}

for (const [storeName, adapter, openStore] of LEGS) {
  describe(`${storeName} on ${adapter}: the served document and the server agree`, () => {
    let store: Store;
    let app: ConformanceApp;
    let loaded: LoadedDocument;
    let sent = 0;
    let counter = 0;
    const found: Disagreement[] = [];
    const known = new Map<string, number>();
    const ids: string[] = [];

    const record = (disagreements: readonly Disagreement[]) => {
      for (const each of disagreements) {
        const reason = isKnownDifference(each);
        if (reason === undefined) found.push(each);
        else known.set(reason, (known.get(reason) ?? 0) + 1);
      }
    };

    beforeAll(async () => {
      store = await openStore();
      app = await startConformanceApp(adapter, await createConformanceRoutes(store.repositoryOf));
      loaded = await loadServedDocument(app.url);
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });

    it('answers generated requests to every operation as documented', async () => {
      const started = Date.now();
      const operations = operationsOf(loaded.document as unknown as Json);
      expect(operations.length).toBeGreaterThan(15);
      const context = {
        ids: () => ids,
        keys: ['key-a', 'key-b', 'key-reader', ''],
        correlationId: () => `conformance-${storeName.replace(/\W/g, '')}-${adapter}-${++counter}`,
      };
      for (const operation of operations) {
        for (const mode of ['valid', 'hostile'] as const) {
          await fc.assert(
            fc.asyncProperty(
              requestOf(loaded.document as unknown as Json, operation, mode, context),
              async (request) => {
                const answer = await send(app.url, request);
                sent++;
                if (answer.status === 201 && typeof (answer.json as Json | undefined)?.['id'] === 'string')
                  ids.push((answer.json as Json)['id'] as string);
                record(check(loaded, request, answer));
              },
            ),
            { numRuns: RUNS },
          );
        }
      }
      report('requests', started);
    }, 600_000);

    it('answers create-then-read-update-delete sequences as documented, each read as written', async () => {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(sequenceOf(loaded.document as unknown as Json), async (steps) => {
          const result = await runSequence(app.url, loaded, steps, () => `sequence-${++counter}`);
          sent += result.sent;
          record(result.found);
        }),
        { numRuns: SEQUENCES },
      );
      report('sequences', started);
    }, 600_000);

    function report(part: string, started: number): void {
      console.info(
        `${storeName} on ${adapter}, ${part}: ${sent} requests in ${Date.now() - started} ms; known differences ${JSON.stringify(Object.fromEntries(known))}`,
      );
      const failures = app.failures.splice(0);
      const disagreements = summary(found.splice(0));
      expect(failures).toStrictEqual([]);
      expect(disagreements).toStrictEqual({});
    }
  });
}
