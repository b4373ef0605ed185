import type { PageResult, TotalMode } from '../pagination/index';
import type { CursorPage } from '../query/index';

/**
 * The success bodies the client expects of each route, each with a guard and the words of the 502 that a body
 * of another shape gets. Internal to the client module.
 *
 * @throws never: the guards read only own data of parsed JSON.
 * @example
 * if (!RESPONSE_SHAPES.page.is(body)) throw unexpectedResponse(facts, RESPONSE_SHAPES.page.expected);
 */
export const RESPONSE_SHAPES = Object.freeze({
  page: Object.freeze({
    expected: 'a page result (items, total, page, limit, totalPages, hasNextPage, hasPreviousPage)',
    is: isPageResult,
  }),
  cursorPage: Object.freeze({ expected: 'a cursor page (items, nextCursor)', is: isCursorPage }),
  record: Object.freeze({ expected: 'a record (a JSON object)', is: isRecordObject }),
  items: Object.freeze({ expected: 'a batch of records ({ items: [JSON objects] })', is: isRecordBatch }),
  ids: Object.freeze({ expected: 'a batch of ids ({ ids: [strings or numbers] })', is: isIdBatch }),
});

/**
 * Tells whether a parsed JSON value is an object: the only shape of a record the client can check without its schema.
 *
 * @throws never.
 * @example
 * isRecordObject(JSON.parse('{"id":"a"}')); // true
 */
function isRecordObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
}

function isPageResult(value: unknown): value is PageResult<unknown, TotalMode> {
  if (!isRecordObject(value) || !Array.isArray(value['items'])) return false;
  return (
    // Null totals in the 'none' total mode; `totalRelation` only in 'estimated' mode.
    (value['total'] === null ? value['totalPages'] === null : isCount(value['total'], 0)) &&
    isCount(value['page'], 1) &&
    isCount(value['limit'], 1) &&
    (value['totalPages'] === null || isCount(value['totalPages'], 0)) &&
    (value['totalRelation'] === undefined || value['totalRelation'] === 'eq' || value['totalRelation'] === 'approx') &&
    typeof value['hasNextPage'] === 'boolean' &&
    typeof value['hasPreviousPage'] === 'boolean' &&
    value['items'].every(isRecordObject)
  );
}

function isCursorPage(value: unknown): value is CursorPage<unknown> {
  if (!isRecordObject(value) || !Array.isArray(value['items'])) return false;
  const next = value['nextCursor'];
  return (next === null || (typeof next === 'string' && next.length > 0)) && value['items'].every(isRecordObject);
}

function isRecordBatch(value: unknown): value is { items: Record<string, unknown>[] } {
  return isRecordObject(value) && Array.isArray(value['items']) && value['items'].every(isRecordObject);
}

function isIdBatch(value: unknown): value is { ids: (string | number)[] } {
  if (!isRecordObject(value) || !Array.isArray(value['ids'])) return false;
  return value['ids'].every((id) => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)));
}
