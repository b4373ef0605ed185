import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type ClientBatchUpdate } from 'pagelope/client';

interface Note {
  id: string;
  title: string;
  version: number;
}

interface Counter {
  id: number;
  value: number;
}

/** A record whose id field is not named `id`. */
interface Book {
  isbn: string;
  title: string;
}

const client = createClient({ baseUrl: 'http://127.0.0.1:3000' });
const notes = client.resource<Note>('/notes');
const counters = client.resource<Counter>('/counters');

describe('ResourceClient batch calls', () => {
  it('returns the records from createMany and updateMany, and the ids from deleteMany', () => {
    expectTypeOf(notes.createMany([{ title: 'a' }, { id: 'b', title: 'b' }])).toEqualTypeOf<Promise<readonly Note[]>>();
    expectTypeOf(notes.updateMany([{ id: 'a', title: 'x' }], { signal: undefined })).toEqualTypeOf<
      Promise<readonly Note[]>
    >();
    expectTypeOf(notes.deleteMany(['a', 'b'])).toEqualTypeOf<Promise<readonly string[]>>();
    expectTypeOf(counters.deleteMany([1, 2])).toEqualTypeOf<Promise<readonly number[]>>();
    expectTypeOf(counters.updateMany([{ id: 1, value: 2 }])).toEqualTypeOf<Promise<readonly Counter[]>>();
  });

  it('types ClientBatchUpdate as the id and the changes, not any', () => {
    expectTypeOf<ClientBatchUpdate<Note>>().toEqualTypeOf<Partial<Note> & { readonly id: string }>();
    expectTypeOf<ClientBatchUpdate<Note>>().not.toBeAny();
    expectTypeOf(notes.createMany).returns.not.toBeAny();
  });

  it('types an item of a record without an id field as its fields, with no id key required', () => {
    expectTypeOf<ClientBatchUpdate<Book>>().toEqualTypeOf<Partial<Book>>();
    expectTypeOf(client.resource<Book>('/books').updateMany([{ isbn: '978-0', title: 'x' }])).toEqualTypeOf<
      Promise<readonly Book[]>
    >();
    // @ts-expect-error a book has no id field
    void client.resource<Book>('/books').updateMany([{ id: 'a', title: 'x' }]);
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error updateMany needs the id of each item
    notes.updateMany([{ title: 'x' }]);
    // @ts-expect-error the ids of counters are numbers
    counters.deleteMany(['1']);
    // @ts-expect-error createMany takes an array of records
    notes.createMany({ title: 'x' });
    // @ts-expect-error a field the record does not have
    notes.createMany([{ name: 'x' }]);
    // @ts-expect-error a field of the wrong type
    notes.updateMany([{ id: 'a', version: 'two' }]);
    // @ts-expect-error the batch calls take no ifMatch
    notes.updateMany([{ id: 'a' }], { ifMatch: 3 });
  });
});
