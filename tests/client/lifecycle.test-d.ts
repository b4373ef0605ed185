import { describe, expectTypeOf, it } from 'vitest';
import {
  createClient,
  etagOf,
  toQueryString,
  type ClientDeletedMode,
  type ClientDeleteOptions,
  type ClientWriteOptions,
} from 'pagelope/client';

interface Note {
  id: string;
  title: string;
  deletedAt: Date | null;
  version: number;
}

const notes = createClient({ baseUrl: 'http://127.0.0.1:3000' }).resource<Note>('/notes');

describe('ResourceClient lifecycle calls', () => {
  it('returns the record from restore, and keeps the other calls’ result types', () => {
    expectTypeOf(notes.restore('n1')).toEqualTypeOf<Promise<Note>>();
    expectTypeOf(notes.restore('n1', { ifMatch: 3 })).toEqualTypeOf<Promise<Note>>();
    expectTypeOf(notes.update('n1', { title: 'x' }, { ifMatch: '"3"' })).toEqualTypeOf<Promise<Note>>();
    expectTypeOf(notes.replace('n1', { title: 'x' }, { ifMatch: 3, signal: undefined })).toEqualTypeOf<Promise<Note>>();
    expectTypeOf(notes.delete('n1', { permanent: true, ifMatch: '*' })).toEqualTypeOf<Promise<void>>();
    expectTypeOf(notes.get('n1', { deleted: 'include' })).toEqualTypeOf<Promise<Note>>();
    expectTypeOf(notes.list({ deleted: 'only' }))
      .resolves.toHaveProperty('items')
      .toEqualTypeOf<readonly Note[]>();
    notes.listByCursor({ deleted: 'include', cursor: null });
    notes.all({ deleted: 'only' });
    notes.pages({ deleted: 'include' });
  });

  it('types the options and etagOf, none of them any', () => {
    expectTypeOf<ClientWriteOptions['ifMatch']>().toEqualTypeOf<number | string | undefined>();
    expectTypeOf<ClientDeleteOptions['permanent']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ClientDeletedMode>().toEqualTypeOf<'include' | 'only'>();
    expectTypeOf(etagOf).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(etagOf).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf<ClientWriteOptions>().not.toBeAny();
    expectTypeOf(toQueryString<Note>({ deleted: 'include' })).toEqualTypeOf<string>();
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error deleted is 'include' or 'only'
    notes.list({ deleted: 'all' });
    // @ts-expect-error deleted is 'include' or 'only'
    notes.get('n1', { deleted: true });
    // @ts-expect-error permanent is a boolean
    notes.delete('n1', { permanent: 'true' });
    // @ts-expect-error ifMatch is a version number or an etag string
    notes.update('n1', {}, { ifMatch: true });
    // @ts-expect-error create takes no ifMatch (there is no record to match yet)
    notes.create({ title: 'x' }, { ifMatch: 1 });
    // @ts-expect-error restore takes no body
    notes.restore('n1', { title: 'x' });
    // @ts-expect-error permanent is a delete option only
    notes.update('n1', {}, { permanent: true });
  });
});
