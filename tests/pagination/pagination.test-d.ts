/** Types of the pagination module: page results (root entry and kit) and the cursor codec (kit). */
import { pageMeta, type PageMeta, type PageMetaInput, type PageResult } from 'pagelope';
import { toPageResult } from 'pagelope/kit';
import {
  CURSOR_MISMATCH,
  decodeCursor,
  encodeCursor,
  ownPageResult,
  scopeTagOf,
  type DecodedCursor,
} from 'pagelope/kit';
import { describe, expectTypeOf, it } from 'vitest';

interface Book {
  readonly id: string;
  readonly pages: number;
}

describe('pageMeta', () => {
  it('takes a PageMetaInput and returns a PageMeta', () => {
    expectTypeOf<PageMetaInput>().toMatchTypeOf<Parameters<typeof pageMeta>[0]>();
    expectTypeOf(pageMeta({ total: 3, page: 1, limit: 2 })).toEqualTypeOf<PageMeta>();
    expectTypeOf(pageMeta({ total: 3, page: 1, limit: 2 }).total).toEqualTypeOf<number>();
    expectTypeOf<PageMeta['hasNextPage']>().toEqualTypeOf<boolean>();
    // @ts-expect-error limit is required
    pageMeta({ total: 3, page: 1 });
  });
});

describe('toPageResult and ownPageResult', () => {
  it('return a PageResult of the item type', () => {
    const books: Book[] = [];
    expectTypeOf(toPageResult(books, { total: 0, page: 1, limit: 10 })).toEqualTypeOf<PageResult<Book>>();
    expectTypeOf(ownPageResult(books, { total: 0, page: 1, limit: 10 })).toEqualTypeOf<PageResult<Book, never>>();
    expectTypeOf<PageResult<Book>['items']>().toEqualTypeOf<readonly Book[]>();
    expectTypeOf(toPageResult<Book>).not.toBeAny();
    expectTypeOf(ownPageResult<Book>).not.toBeAny();
    expectTypeOf<PageResult<Book>>().not.toBeAny();
    expectTypeOf<PageResult<Book>>().toExtend<PageMeta>();
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error the items are an array
    toPageResult({ id: 'b1', pages: 1 }, { total: 1, page: 1, limit: 10 });
    // @ts-expect-error ownPageResult takes a mutable array it freezes
    ownPageResult([] as readonly Book[], { total: 0, page: 1, limit: 10 });
    const page = toPageResult<Book>([], { total: 0, page: 1, limit: 10 });
    // @ts-expect-error a page result is read-only
    page.total = 1;
  });
});

describe('encodeCursor, decodeCursor and scopeTagOf', () => {
  it('encode to a string and decode to a DecodedCursor', () => {
    expectTypeOf(encodeCursor(['b1', 3], 'fingerprint')).toEqualTypeOf<string>();
    expectTypeOf(encodeCursor).parameter(2).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(decodeCursor).returns.toEqualTypeOf<DecodedCursor>();
    expectTypeOf(scopeTagOf('scope')).toEqualTypeOf<string>();
    expectTypeOf(CURSOR_MISMATCH).toEqualTypeOf<string>();
  });

  it('narrows a DecodedCursor by ok', () => {
    const decoded = {} as DecodedCursor;
    if (decoded.ok) expectTypeOf(decoded.values).toEqualTypeOf<readonly unknown[]>();
    else expectTypeOf(decoded.reason).toEqualTypeOf<string>();
    // @ts-expect-error values exist only on a decoded cursor
    expectTypeOf(decoded.values).not.toBeAny();
  });
});
