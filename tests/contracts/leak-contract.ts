/**
 * The differential leak oracle of `pagelope/testing` (issue 34) on a store: the world of tests/testing/leak-world.ts
 * (authors with a hidden email, books, reviews, two tenants; tenant t1's routes), its three resources made by one
 * `makeRepository`, so that a SQL store reads the books' relation filters, sorts, embeds and counts in its own
 * statements under the tenant scope. No secret may change a byte of an answer; with the books' scope forgotten,
 * exactly tenant t2's book leaks. Call `describeLeakContract(name, makeRepository)` from a store's test file
 * (tests/testing/find-leaks.test.ts runs the same on memory, with the oracle's own tests).
 */
import { describe, expect, it } from 'vitest';
import { findLeaks, type RepositoryFactory } from '../../src/testing/index';
import { requestsFor, SECRETS, SEED, serveOn, WRITE_REQUESTS } from '../testing/leak-world';

/**
 * The secrets of the run with the books' scope forgotten: tenant t2's book (which then leaks), and the hidden email
 * and tenant t2's review (which still must not): four of the seven, as the run only shows that the oracle sees a leak.
 */
const LEAKY_SECRETS = SECRETS.filter(({ resource, id }) =>
  ['books.b4', 'authors.a1', 'reviews.r4'].includes(`${resource}.${id}`),
);

/** The secrets the writes are sent for: the hidden email, and tenant t2's review and book each pointed elsewhere. */
const WRITE_SECRETS = SECRETS.filter(({ field, id }) =>
  field === 'email' ? id === 'a1' : field === 'bookId' || field === 'authorId',
);

/** About 2,000 requests a run, to two servers a secret that each start three tables: a minute on a loaded server. */
const TIMEOUT = 300_000;

/** Declares the leak oracle's two runs on the store of `makeRepository`, in `describe('findLeaks on <name>')`. */
export function describeLeakContract(name: string, makeRepository: RepositoryFactory): void {
  const leaksOn = (leakyBooks: boolean) =>
    findLeaks({
      seed: SEED,
      secrets: leakyBooks ? LEAKY_SECRETS : SECRETS,
      requests: requestsFor,
      serve: serveOn(makeRepository, { leakyBooks }),
    });

  describe(`findLeaks on ${name}`, () => {
    it(
      'finds no answer of the routes that depends on a hidden field or on another tenant’s records',
      async () => {
        const leaks = await leaksOn(false);
        expect(
          leaks.map(({ secret, request }) => `${secret.resource}.${secret.id}.${secret.field}: ${request.url}`),
        ).toStrictEqual([]);
      },
      TIMEOUT,
    );

    it(
      'finds no write of tenant t1 whose answer depends on a hidden field or on another tenant’s records',
      async () => {
        expect(WRITE_SECRETS).toHaveLength(3);
        const serve = serveOn(makeRepository);
        const leaks = await findLeaks({ seed: SEED, secrets: WRITE_SECRETS, requests: WRITE_REQUESTS, serve });
        expect(leaks.map(({ secret, request }) => `${secret.field}: ${request.method} ${request.url}`)).toStrictEqual(
          [],
        );
      },
      TIMEOUT,
    );

    it(
      'finds the leak of a route whose scope is forgotten',
      async () => {
        expect(LEAKY_SECRETS).toHaveLength(4);
        const leaks = await leaksOn(true);
        const leaked = new Set(leaks.map(({ secret }) => `${secret.resource}.${secret.id}.${secret.field}`));
        // Tenant t2's book shows (its title, and its author through `authorId`); its review stays out, as the
        // reviews' own scope still holds.
        expect(leaked).toStrictEqual(new Set(['books.b4.title', 'books.b4.authorId']));
        const first = leaks.find(({ secret }) => secret.field === 'title');
        expect(first?.request.url).toBe('/books');
        expect(first?.responses[0].body).toContain('Secrets');
      },
      TIMEOUT,
    );
  });
}
