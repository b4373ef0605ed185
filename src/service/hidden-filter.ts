import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorPage } from '../query/index';
import type { Resource } from '../resource/index';

/** Removes a resource's hidden fields from what the service returns. */
export interface HiddenFilter<TRecord> {
  record(record: TRecord): TRecord;
  page(page: PageResult<TRecord, TotalMode>): PageResult<TRecord, TotalMode>;
  cursorPage(page: CursorPage<TRecord>): CursorPage<TRecord>;
}

/** A filter of the resource's hidden fields; with none, each function returns its argument. */
export function createHiddenFilter<TRecord>(resource: Resource): HiddenFilter<TRecord> {
  const hidden = [...resource.hidden];
  if (hidden.length === 0) return { record: (record) => record, page: (page) => page, cursorPage: (page) => page };
  const record = (value: TRecord): TRecord => {
    if (typeof value !== 'object' || value === null) return value;
    const copy = { ...value } as Record<string, unknown>;
    for (const field of hidden) delete copy[field];
    return copy as TRecord;
  };
  const items = (list: readonly TRecord[]): readonly TRecord[] =>
    Array.isArray(list) ? Object.freeze(list.map(record)) : list;
  return {
    record,
    page: (page) => Object.freeze({ ...page, items: items(page.items) }),
    cursorPage: (page) => Object.freeze({ ...page, items: items(page.items) }),
  };
}
