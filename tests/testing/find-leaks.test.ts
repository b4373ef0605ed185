/**
 * The differential leak oracle of `pagelope/testing` (issue 34) on the memory store: a hidden field, and every field
 * of a record outside the caller's tenant, flipped between two runs, must leave every answer of the HTTP routes
 * byte-identical (lists, totals, orders, filters, OR groups, search, select, cursors, embeds, counts, relation filters
 * and sorts, reads by id); and the oracle finds the leak of a service whose scope is forgotten.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryRepository } from '../../src/index';
import { findLeaks, type LeakSecret, type RepositoryFactory } from '../../src/testing/index';
import { describeLeakContract } from '../contracts/leak-contract';
import { requestsFor, SECRETS, SEED, serveOn, WRITE_REQUESTS } from './leak-world';

const memory: RepositoryFactory = (resource, records) => createMemoryRepository(resource, { records });
const serveWith = (leakyBooks: boolean) => serveOn(memory, { leakyBooks });

describeLeakContract('memory', memory);

describe('findLeaks', () => {
  it('answers every write of tenant t1 alike for each of the seven secrets, with 200, 204, 400, 404 and 409', async () => {
    const leaks = await findLeaks({ seed: SEED, secrets: SECRETS, requests: WRITE_REQUESTS, serve: serveWith(false) });
    expect(leaks.map(({ secret, request }) => `${secret.field}: ${request.method} ${request.url}`)).toStrictEqual([]);
    // The writes are answered: some change records, some are refused, the other tenant's ids are not found.
    const serve = await serveWith(false)(SEED);
    const statuses = [];
    for (const request of WRITE_REQUESTS) statuses.push((await (await serveWith(false)(SEED))(request)).status);
    expect(new Set(statuses)).toStrictEqual(new Set([200, 204, 400, 404, 409]));
    expect((await serve({ method: 'GET', url: '/books/b1' })).status).toBe(200);
  });

  it('sends enough requests to matter: over a thousand, most answered 200', async () => {
    const requests = SECRETS.flatMap(requestsFor);
    expect(requests.length).toBeGreaterThan(1000);
    const serve = await serveWith(false)(SEED);
    const statuses = await Promise.all(requests.slice(0, 400).map(async (request) => (await serve(request)).status));
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(100);
    expect(new Set(statuses)).toStrictEqual(new Set([200, 400, 404]));
  });

  it.each([
    { name: 'an unknown resource', secret: { resource: 'nope', id: 'a1', field: 'x', values: [1, 2] } },
    { name: 'an unknown record', secret: { resource: 'authors', id: 'zz', field: 'email', values: [1, 2] } },
    { name: 'two equal values', secret: { resource: 'authors', id: 'a1', field: 'email', values: ['x', 'x'] } },
    { name: 'a __proto__ resource', secret: { resource: '__proto__', id: 'a1', field: 'x', values: [1, 2] } },
  ] as const)('throws a TypeError for a secret with $name', async ({ secret }) => {
    const run = findLeaks({ seed: SEED, secrets: [secret as LeakSecret], requests: [], serve: serveWith(false) });
    await expect(run).rejects.toThrow(TypeError);
  });
});
