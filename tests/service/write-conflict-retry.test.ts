/**
 * A single write whose repository call throws a write conflict (`toWriteConflictError`: a deadlock, a serialization
 * failure) is run again by the service, from its before-hooks, up to 3 more times before the 503 goes out; never once
 * an after-hook has run, never for another error.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  errorResponse,
  HttpError,
  type Repository,
} from '../../src/index';
import { isWriteConflictError, toWriteConflictError } from '../../src/kit/index';
import { rejectionOf } from '../support/rejection-of';

const schema = z.object({
  id: z.string(),
  title: z.string(),
  authorId: z.string(),
  deletedAt: z.date().nullable(),
});
type Book = z.output<typeof schema>;
const books = defineResource({ name: 'books', schema, clientIds: true, softDelete: { field: 'deletedAt' } });
const authors = defineResource({
  name: 'authors',
  schema: z.object({ id: z.string(), bookCount: z.number().int() }),
  clientIds: true,
});

type Method = 'create' | 'update' | 'replace' | 'delete';

/**
 * `repository` whose `method` throws a write conflict on its first `failures` calls, also through a transaction
 * (`tx.repository(wrapped)` is wrapped the same way); `calls` counts every call.
 */
function conflicting(repository: Repository<Book>, method: Method, failures: number) {
  const calls = { count: 0 };
  const wrap = (inner: Repository<Book>): Repository<Book> => ({
    ...inner,
    [method]: (...args: unknown[]) => {
      calls.count += 1;
      if (calls.count <= failures) return Promise.reject(toWriteConflictError(new Error('deadlock detected')));
      return (inner[method] as (...args: unknown[]) => Promise<Book>)(...args);
    },
  });
  const wrapped: Repository<Book> = {
    ...wrap(repository),
    transaction: (work) =>
      repository.transaction!((tx) =>
        work({
          ...tx,
          repository: ((other: object) =>
            other === wrapped ? wrap(tx.repository(repository)) : tx.repository(other as never)) as never,
        }),
      ),
  };
  return { wrapped, calls };
}

const RECORDS: Book[] = [
  { id: 'b1', title: 'Earthsea', authorId: 'a1', deletedAt: null },
  { id: 'gone', title: 'Gone', authorId: 'a1', deletedAt: new Date('2026-01-01T00:00:00Z') },
];

const WRITES = [
  { op: 'create', method: 'create', before: 'onBeforeCreate', after: 'onAfterCreate' },
  { op: 'update', method: 'update', before: 'onBeforeUpdate', after: 'onAfterUpdate' },
  { op: 'replace', method: 'replace', before: 'onBeforeReplace', after: 'onAfterReplace' },
  { op: 'delete', method: 'update', before: 'onBeforeDelete', after: 'onAfterDelete' },
  { op: 'permanent delete', method: 'delete', before: 'onBeforeDelete', after: 'onAfterDelete' },
  { op: 'restore', method: 'update', before: 'onBeforeRestore', after: 'onAfterRestore' },
] as const;
type Write = (typeof WRITES)[number];

function setup(write: Write, failures: number, options: { transaction?: boolean } = {}) {
  const { wrapped, calls } = conflicting(createMemoryRepository(books, { records: RECORDS }), write.method, failures);
  const service = createResourceService({ resource: books, repository: wrapped, ...options });
  const counts = { before: 0, after: 0, error: 0 };
  service.hooks.on(write.before, () => void (counts.before += 1));
  service.hooks.on(write.after, () => void (counts.after += 1));
  service.hooks.on(`onAfterError${write.after.slice('onAfter'.length)}` as 'onAfterErrorCreate', () => {
    counts.error += 1;
  });
  const run = (): Promise<Book> => {
    switch (write.op) {
      case 'create':
        return service.create({ id: 'b2', title: 'New', authorId: 'a1' });
      case 'update':
        return service.update('b1', { title: 'Changed' });
      case 'replace':
        return service.replace('b1', { title: 'Replaced', authorId: 'a1' });
      case 'delete':
        return service.delete('b1');
      case 'permanent delete':
        return service.delete('b1', { permanent: true });
      case 'restore':
        return service.restore('gone');
    }
  };
  return { service, run, calls, counts };
}

describe('createResourceService: a write conflict is retried', () => {
  for (const write of WRITES) {
    describe(write.op, () => {
      it.each([1, 2, 3])('succeeds after %i conflicts, running the before-hooks again each time', async (n) => {
        const { run, calls, counts } = setup(write, n);
        await run();
        expect(calls.count).toBe(n + 1);
        expect(counts).toEqual({ before: n + 1, after: 1, error: 0 });
      });

      it('answers the 503 with retry-after after 4 conflicts in a row, onAfterError once', async () => {
        const { run, calls, counts } = setup(write, 4);
        const error = await rejectionOf(run());
        expect(isWriteConflictError(error)).toBe(true);
        const { statusCode, headers } = errorResponse(error);
        expect(statusCode).toBe(503);
        expect(headers['retry-after']).toBe('1');
        expect(calls.count).toBe(4);
        expect(counts).toEqual({ before: 4, after: 0, error: 1 });
      });

      it('retries in transactions too, each attempt in a new transaction', async () => {
        const { run, calls, counts } = setup(write, 2, { transaction: true });
        await run();
        expect(calls.count).toBe(3);
        expect(counts).toEqual({ before: 3, after: 1, error: 0 });
      });
    });
  }

  it('does not retry once an after-hook has run (its conflict is the 503)', async () => {
    const { service, calls, counts } = setup(WRITES[0], 0);
    service.hooks.on('onAfterCreate', () => {
      throw toWriteConflictError(new Error('deadlock in the after-hook'));
    });
    const error = await rejectionOf(service.create({ id: 'b2', title: 'New', authorId: 'a1' }));
    expect(isWriteConflictError(error)).toBe(true);
    expect(calls.count).toBe(1);
    expect(counts).toEqual({ before: 1, after: 1, error: 1 });
  });

  it('does not retry another 503, nor any other error', async () => {
    for (const thrown of [new HttpError(503, 'Service Unavailable'), new HttpError(409, 'taken'), new Error('x')]) {
      const repository = createMemoryRepository(books, { records: RECORDS });
      let calls = 0;
      const service = createResourceService({
        resource: books,
        repository: { ...repository, create: () => (calls++, Promise.reject(thrown)) },
      });
      expect(await rejectionOf(service.create({ id: 'b2', title: 'New', authorId: 'a1' }))).toBe(thrown);
      expect(calls).toBe(1);
    }
  });

  it('rolls back what the before-hooks of a failed attempt wrote through the transaction', async () => {
    const authorRepository = createMemoryRepository(authors, { records: [{ id: 'a1', bookCount: 0 }] });
    const { service, calls } = setup(WRITES[0], 2, { transaction: true });
    service.hooks.on('onBeforeCreate', async ({ body, transaction }) => {
      const counters = transaction!.repository(authorRepository);
      const author = await counters.get(String(body.authorId));
      await counters.update(author.id, { bookCount: author.bookCount + 1 });
    });
    await service.create({ id: 'b2', title: 'New', authorId: 'a1' });
    expect(calls.count).toBe(3);
    expect((await authorRepository.get('a1')).bookCount).toBe(1);
  });
});
