/**
 * Writes respect the request scope through relations: a to-one foreign-key value a client writes (create, PATCH,
 * PUT, batch items) must name a record the caller sees through the related service (its scope, and not
 * soft-deleted); another tenant's record answers exactly as a record that does not exist, so the answer tells no
 * client which ids exist elsewhere. A client-chosen id taken in another tenant answers exactly as one taken in the
 * caller's own, and names no id. Call `describeTenantRelationsContract(name, makeRepository)` from a store's test
 * file; `makeRepository` makes repositories of one store.
 */
import type { RepositoryFactory } from 'pagelope/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, errorResponse, type Repository } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), tenant: z.string(), name: z.string(), deletedAt: z.date().nullable() }),
  clientIds: true,
  readOnly: ['tenant'],
  softDelete: { field: 'deletedAt' },
});
const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.string(), tenant: z.string(), title: z.string(), authorId: z.string().nullable() }),
  clientIds: true,
  readOnly: ['tenant'],
  relations: { author: { kind: 'one', resource: () => authors, field: 'authorId' } },
});
type Author = z.output<typeof authors.schema>;
type Book = z.output<typeof books.schema>;

const AUTHORS: Author[] = [
  { id: 'mine', tenant: 't1', name: 'Ann', deletedAt: null },
  { id: 'gone', tenant: 't1', name: 'Gone', deletedAt: new Date('2026-01-01T00:00:00Z') },
  { id: 'theirs', tenant: 't2', name: 'Zed', deletedAt: null },
];
const BOOKS: Book[] = [
  { id: 'b1', tenant: 't1', title: 'One', authorId: 'mine' },
  { id: 'b2', tenant: 't1', title: 'Two', authorId: null },
  { id: 't2-b1', tenant: 't2', title: 'Theirs', authorId: 'theirs' },
];

/** The author ids a t1 client must not be able to write, beside one that does not exist. */
const REFUSED = ['theirs', 'gone', 'nobody'] as const;
const MISSING = 'authorId: refers to a record that does not exist';

async function setup(makeRepository: RepositoryFactory, transaction = false) {
  const scope = ({ locals }: { locals: { tenant?: unknown } }) => ({ tenant: String(locals.tenant) });
  const authorRepository = (await makeRepository(authors, AUTHORS)) as Repository<Author>;
  const bookRepository = (await makeRepository(books, BOOKS)) as Repository<Book>;
  const authorService = createResourceService({ resource: authors, repository: authorRepository, scope });
  const service = createResourceService({
    resource: books,
    repository: bookRepository,
    scope,
    relations: { author: authorService },
    transaction,
  });
  const stored = async () =>
    (await bookRepository.list({ limit: 100 })).items
      .map((book) => `${book.id}:${book.tenant}:${book.title}:${book.authorId}`)
      .sort();
  return { service, stored };
}

const t1 = { locals: { tenant: 't1' } };

/** The status and message a rejected call answers with. */
async function answer(call: Promise<unknown>) {
  const { statusCode, body } = errorResponse(await rejectionOf(call));
  return { statusCode, message: body.message };
}

/** Declares the tenant relations contract on one store. */
export function describeTenantRelationsContract(name: string, makeRepository: RepositoryFactory): void {
  describe(`${name}: writes respect the scope through relations`, () => {
    it('refuses on create, PATCH and PUT an author of another tenant as one that does not exist', async () => {
      const { service, stored } = await setup(makeRepository);
      const before = await stored();
      for (const authorId of REFUSED) {
        expect(await answer(service.create({ id: `n-${authorId}`, title: 'N', authorId }, t1))).toEqual({
          statusCode: 409,
          message: [MISSING],
        });
        expect(await answer(service.update('b1', { authorId }, t1))).toEqual({ statusCode: 409, message: [MISSING] });
        expect(await answer(service.replace('b1', { title: 'R', authorId }, t1))).toEqual({
          statusCode: 409,
          message: [MISSING],
        });
      }
      expect(await stored()).toEqual(before);
    });

    it('accepts an author of the caller, and no author', async () => {
      const { service } = await setup(makeRepository);
      expect(await service.create({ id: 'n1', title: 'N', authorId: 'mine' }, t1)).toMatchObject({ tenant: 't1' });
      expect(await service.create({ id: 'n2', title: 'N', authorId: null }, t1)).toMatchObject({ authorId: null });
      expect(await service.update('n2', { authorId: 'mine' }, t1)).toMatchObject({ authorId: 'mine' });
      expect(await service.replace('n1', { title: 'R', authorId: null }, t1)).toMatchObject({ title: 'R' });
      // A patch that does not name the author is not checked again.
      expect(await service.update('n2', { title: 'T' }, t1)).toMatchObject({ title: 'T' });
    });

    it('names each refused batch item, on createMany and updateMany, and writes nothing', async () => {
      const { service, stored } = await setup(makeRepository);
      const before = await stored();
      const created = await answer(
        service.createMany(
          [
            { id: 'n0', title: 'N', authorId: 'mine' },
            { id: 'n1', title: 'N', authorId: 'theirs' },
            { id: 'n2', title: 'N', authorId: 'nobody' },
            { id: 'n3', title: 'N', authorId: 'gone' },
          ],
          t1,
        ),
      );
      expect(created).toEqual({ statusCode: 409, message: [1, 2, 3].map((i) => `items[${i}].${MISSING}`) });
      const updated = await answer(
        service.updateMany(
          [
            { id: 'b1', title: 'Kept' },
            { id: 'b2', authorId: 'theirs' },
          ],
          t1,
        ),
      );
      expect(updated).toEqual({ statusCode: 409, message: [`items[1].${MISSING}`] });
      expect(await stored()).toEqual(before);
      expect(await service.createMany([{ id: 'n9', title: 'N', authorId: 'mine' }], t1)).toHaveLength(1);
    });

    it('reads the related records inside the transaction of a transactional write', async () => {
      const { service, stored } = await setup(makeRepository, true);
      expect(await answer(service.create({ id: 'n1', title: 'N', authorId: 'theirs' }, t1))).toEqual({
        statusCode: 409,
        message: [MISSING],
      });
      expect(await answer(service.createMany([{ id: 'n1', title: 'N', authorId: 'nobody' }], t1))).toEqual({
        statusCode: 409,
        message: [`items[0].${MISSING}`],
      });
      await service.create({ id: 'n2', title: 'N', authorId: 'mine' }, t1);
      await service.updateMany([{ id: 'n2', authorId: 'mine' }], t1);
      expect(await stored()).toContain('n2:t1:N:mine');
    });

    it('answers a client-chosen id taken in another tenant as one taken in its own, naming no id', async () => {
      const { service, stored } = await setup(makeRepository);
      const before = await stored();
      const theirs = await answer(service.create({ id: 't2-b1', title: 'N', authorId: null }, t1));
      const mine = await answer(service.create({ id: 'b1', title: 'N', authorId: null }, t1));
      expect(theirs).toEqual(mine);
      expect(theirs.statusCode).toBe(409);
      expect(JSON.stringify(theirs.message)).not.toContain('t2-b1');
      expect(JSON.stringify(mine.message)).not.toContain('b1');
      expect(await stored()).toEqual(before);
    });
  });
}
