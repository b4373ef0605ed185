import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  errorResponse,
  type Repository,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const UUID = '0190a6f4-5b6e-7c1d-8e2f-3a4b5c6d7e8f';
const MISSING = '0190a6f4-5b6e-7c1d-8e2f-000000000000';

const books = defineResource({
  name: 'books',
  schema: z.object({ id: z.uuid(), title: z.string().min(1) }),
  clientIds: true,
});
interface Book {
  id: string;
  title: string;
}

const counters = defineResource({
  name: 'counters',
  schema: z.object({ id: z.number().int().positive(), label: z.string() }),
  clientIds: true,
});
interface Counter {
  id: number;
  label: string;
}

/** A repository whose every call is a spy, to prove that refused ids never reach it. */
function spied<TRecord>(base: Repository<TRecord>) {
  return {
    ...base,
    get: vi.fn(base.get),
    update: vi.fn(base.update),
    replace: vi.fn(base.replace),
    delete: vi.fn(base.delete),
  } satisfies Repository<TRecord>;
}

function bookService() {
  const repository = spied(createMemoryRepository(books, { records: [{ id: UUID, title: 'Dune' }] }));
  const service = createResourceService({ resource: books, repository });
  const before = vi.fn();
  const afterError = vi.fn();
  for (const event of ['onBeforeGet', 'onBeforeUpdate', 'onBeforeReplace', 'onBeforeDelete'] as const)
    service.hooks.on(event, before);
  for (const event of ['onAfterErrorGet', 'onAfterErrorUpdate', 'onAfterErrorReplace', 'onAfterErrorDelete'] as const)
    service.hooks.on(event, afterError);
  return { service, repository, before, afterError };
}

type Operation = 'get' | 'update' | 'replace' | 'delete';
const OPERATIONS: readonly Operation[] = ['get', 'update', 'replace', 'delete'];

function call(service: ReturnType<typeof bookService>['service'], operation: Operation, id: string) {
  if (operation === 'get') return service.get(id);
  if (operation === 'delete') return service.delete(id);
  if (operation === 'update') return service.update(id, { title: 'x' });
  return service.replace(id, { title: 'x' });
}

/** The error body as a client sees it, without what differs per request (timestamp, correlation id) and the id. */
function comparable(error: unknown) {
  const { body, statusCode } = errorResponse(error, { now: () => 0, headers: { 'x-correlation-id': 'c1' } });
  return { statusCode, body: { ...body, message: String(body.message).replace(/^books ".*" not found$/s, '<id>') } };
}

const HOSTILE_IDS = [
  { name: 'a text that is no uuid', id: 'abc' },
  { name: 'a NUL character', id: 'a\u0000b' },
  { name: 'a uuid with a NUL character', id: `${UUID}\u0000` },
  { name: 'a very long id', id: 'a'.repeat(100_000) },
  { name: 'an empty id', id: '' },
  { name: '__proto__', id: '__proto__' },
  { name: 'constructor', id: 'constructor' },
  { name: 'percent-encoding', id: '%00' },
  { name: 'Unicode', id: 'ünïcödé-😀' },
  { name: 'an upper-case uuid with spaces', id: ` ${UUID.toUpperCase()} ` },
];

/** The repository options of a write without a scope. */
const FRESH = { fresh: true };

describe('createResourceService: ids the id field refuses', () => {
  it.each(OPERATIONS.flatMap((operation) => HOSTILE_IDS.map((row) => ({ operation, ...row }))))(
    'throws the 404 of a missing id for $name on $operation, before any hook or repository call',
    async ({ operation, id }) => {
      const { service, repository, before, afterError } = bookService();
      const refused = await rejectionOf(call(service, operation, id));
      const missing = await rejectionOf(call(bookService().service, operation, MISSING));
      expect(comparable(refused)).toStrictEqual(comparable(missing));
      expect(comparable(refused)).toMatchObject({ statusCode: 404, body: { message: '<id>', error: 'Not Found' } });
      // The id is quoted cut to a readable length and without control characters.
      expect((refused as Error).message).not.toMatch(/[\u0000-\u001f]/);
      expect((refused as Error).message.length).toBeLessThan(100);
      expect(before).not.toHaveBeenCalled();
      for (const method of OPERATIONS) expect(repository[method]).not.toHaveBeenCalled();
      // The error handlers run, as for any failed operation.
      expect(afterError).toHaveBeenCalledOnce();
    },
  );

  it.each(OPERATIONS.filter((operation) => operation !== 'get'))(
    'refuses the id on %s before a transactional service opens a transaction',
    async (operation) => {
      const base = createMemoryRepository(books, { records: [{ id: UUID, title: 'Dune' }] });
      const transaction = vi.fn(base.transaction);
      // A generic method cannot be a vi.fn's type: the spy is the repository's transaction under its declared type.
      const repository: Repository<Book> = {
        ...spied(base),
        transaction: transaction as unknown as Repository<Book>['transaction'],
      };
      const service = createResourceService({ resource: books, repository, transaction: true });
      const refused = await rejectionOf(call(service, operation, 'abc'));
      expect(comparable(refused)).toMatchObject({ statusCode: 404, body: { message: '<id>' } });
      expect(transaction).not.toHaveBeenCalled();
    },
  );

  it.each(OPERATIONS)('passes an id the schema accepts on to the repository on %s', async (operation) => {
    const { service, repository } = bookService();
    await call(service, operation, UUID);
    expect(repository[operation]).toHaveBeenCalledWith(
      UUID,
      // A write's options say its reads are fresh (on the store of record, never a replica).
      ...(operation === 'get' ? [undefined] : operation === 'delete' ? [FRESH] : [expect.anything(), FRESH]),
    );
  });
});

describe('createResourceService: integer ids', () => {
  function counterService() {
    const repository = spied(createMemoryRepository(counters, { records: [{ id: 7, label: 'seven' }] }));
    return { service: createResourceService({ resource: counters, repository }), repository };
  }

  it.each([
    { name: 'a number', id: 7 as number | string },
    { name: 'its decimal text', id: '7' },
  ])('returns the record for $name', async ({ id }) => {
    const { service, repository } = counterService();
    expect(await service.get(id)).toStrictEqual({ id: 7, label: 'seven' });
    expect(repository.get).toHaveBeenCalledWith(7, undefined);
  });

  it('gives hooks the id as a number', async () => {
    const { service } = counterService();
    const seen = vi.fn();
    service.hooks.on('onBeforeGet', ({ id }) => seen(id));
    await service.get('7');
    expect(seen).toHaveBeenCalledWith(7);
  });

  it.each([
    { name: 'a sign', id: '+7' },
    { name: 'a minus sign', id: '-7' },
    { name: 'a leading zero', id: '07' },
    { name: 'an exponent', id: '7e0' },
    { name: 'a decimal point', id: '7.0' },
    { name: 'spaces', id: ' 7' },
    { name: 'a hex text', id: '0x7' },
    { name: 'Arabic-Indic digits', id: '٧' },
    { name: 'an unsafe integer', id: '9007199254740993' },
    { name: 'a number of 17 digits', id: '12345678901234567' },
    { name: 'a fraction', id: 7.5 },
    { name: 'NaN', id: Number.NaN },
    { name: 'Infinity', id: Number.POSITIVE_INFINITY },
    { name: 'a value the schema refuses (not positive)', id: '0' },
    { name: 'a NUL character', id: '7\u0000' },
    { name: 'a word', id: 'seven' },
  ])('throws the 404 of a missing id for $name', async ({ id }) => {
    const { service, repository } = counterService();
    const error = await rejectionOf(service.get(id as number));
    expect(error).toMatchObject({ statusCode: 404, message: expect.stringMatching(/^counters ".*" not found$/) });
    expect(repository.get).not.toHaveBeenCalled();
  });

  it('creates, updates, replaces and deletes records by number ids', async () => {
    const { service } = counterService();
    expect(await service.create({ id: 8, label: 'eight' })).toStrictEqual({ id: 8, label: 'eight' });
    expect(await service.update(8, { label: 'acht' })).toStrictEqual({ id: 8, label: 'acht' });
    expect(await service.replace('8', { id: 8, label: 'huit' })).toStrictEqual({ id: 8, label: 'huit' });
    expect(await rejectionOf(service.replace(8, { id: 9, label: 'x' }))).toMatchObject({
      statusCode: 400,
      message: ['id: the id cannot be changed'],
    });
    expect(await service.delete(8)).toStrictEqual({ id: 8, label: 'huit' });
    expect(await rejectionOf(service.get(8))).toMatchObject({ statusCode: 404, message: 'counters "8" not found' });
  });
});

describe('types', () => {
  it('types hook ids by the record id', () => {
    const service = createResourceService<Book>({ resource: books, repository: createMemoryRepository(books) });
    service.hooks.on('onBeforeGet', ({ id }) => {
      const text: string = id;
      return void text;
    });
    const numbers = createResourceService<Counter>({
      resource: counters,
      repository: createMemoryRepository(counters),
    });
    numbers.hooks.on('onBeforeGet', ({ id }) => {
      const value: number = id;
      return void value;
    });
    expect(service.resource.idField).toBe('id');
  });
});
