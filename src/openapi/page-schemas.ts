import type { TotalMode } from '../pagination/index';
import type { Route } from '../routes/index';

/** The page schemas, in the order the document lists them (after the bodies). */
export const PAGE_KINDS = ['page', 'cursorPage'] as const;

/**
 * The total modes a `GET_LIST` route may answer in: its `total` (default `'exact'`) and each its `clientTotal`
 * lists (`'exact'` alone without a route).
 */
export function totalModesOf(route: Pick<Route, 'total' | 'clientTotal'> | undefined): ReadonlySet<TotalMode> {
  return new Set([route?.total ?? 'exact', ...(route?.clientTotal ?? [])]);
}

/** The items of a page: whole records, or records trimmed by `select`. */
function itemsOf(record: string): Record<string, unknown> {
  return {
    type: 'array',
    items: { anyOf: [{ $ref: `#/components/schemas/${record}` }, { $ref: `#/components/schemas/${record}Selected` }] },
  };
}

/**
 * The page schema of a resource whose list route answers in the total `modes`: `total` and `totalPages` are
 * nullable only where `'none'` is one of them, and `totalRelation` is described only where `'estimated'` is.
 */
function pageSchema(record: string, modes: ReadonlySet<TotalMode>): Record<string, unknown> {
  const count = (description: string, minimum: number) => ({ type: 'integer', minimum, description });
  const none = modes.has('none');
  const estimated = modes.has('estimated');
  const totalType = none ? ['integer', 'null'] : 'integer';
  return {
    type: 'object',
    description: 'One page of records with the page metadata.',
    required: ['items', 'total', 'page', 'limit', 'totalPages', 'hasNextPage', 'hasPreviousPage'],
    properties: {
      items: itemsOf(record),
      total: {
        type: totalType,
        minimum: 0,
        description:
          'Records matching the filter, across all pages' +
          (none ? ": null in the 'none' total mode" : '') +
          (estimated ? `${none ? ',' : ':'} an estimate when \`totalRelation\` is 'approx'` : '') +
          '.',
      },
      page: count('This page, from 1.', 1),
      limit: count('Records per page used for this response.', 1),
      totalPages: {
        type: totalType,
        minimum: 0,
        description:
          'Number of pages from `total` as reported; 0 when nothing matches' +
          (none ? ", null in the 'none' total mode." : '.'),
      },
      hasNextPage: { type: 'boolean', description: 'Whether a next page exists (exact in every total mode).' },
      hasPreviousPage: { type: 'boolean' },
      ...(estimated
        ? {
            totalRelation: {
              type: 'string',
              enum: ['eq', 'approx'],
              description:
                "The 'estimated' total mode only: whether `total` is exact (`eq`) or the store's estimate (`approx`).",
            },
          }
        : {}),
    },
    additionalProperties: false,
  };
}

function cursorPageSchema(record: string): Record<string, unknown> {
  return {
    type: 'object',
    description: 'One page of a cursor listing.',
    required: ['items', 'nextCursor'],
    properties: {
      items: itemsOf(record),
      nextCursor: {
        type: ['string', 'null'],
        description: 'The `cursor` of the next page, or null when no more records follow.',
      },
    },
    additionalProperties: false,
  };
}

/** The schema of each page kind, by the record's component name and the list route's total modes. */
export const PAGE_SCHEMAS: Readonly<
  Record<(typeof PAGE_KINDS)[number], (record: string, modes: ReadonlySet<TotalMode>) => Record<string, unknown>>
> = { page: pageSchema, cursorPage: cursorPageSchema };
