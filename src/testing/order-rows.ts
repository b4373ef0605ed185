/** The ordering table of the contract: code-point order, nulls last ascending, the id tie-breaker, over the seed. */
import type { OrderTerm } from 'pagelope';
import type { Item } from './fixtures';
import { ALL_IDS } from './seed';

/** Orders over the seed and the ids they must return. */
export const ORDER_ROWS: readonly {
  readonly name: string;
  readonly orderBy: readonly OrderTerm<keyof Item & string>[];
  readonly ids: readonly string[];
}[] = [
  {
    name: 'strings by code point',
    orderBy: [{ field: 'name', direction: 'asc' }],
    ids: ['a1', 'a3', 'a8', 'a2', 'a4', 'a5', 'a7', 'a6'],
  },
  {
    name: 'strings by code point, descending',
    orderBy: [{ field: 'name', direction: 'desc' }],
    ids: ['a6', 'a7', 'a5', 'a4', 'a2', 'a8', 'a3', 'a1'],
  },
  {
    name: 'nullable strings, nulls last',
    orderBy: [{ field: 'nick', direction: 'asc' }],
    ids: ['a7', 'a4', 'a8', 'a1', 'a6', 'a5', 'a2', 'a3'],
  },
  {
    name: 'nullable strings, nulls first descending',
    orderBy: [{ field: 'nick', direction: 'desc' }],
    ids: ['a2', 'a3', 'a5', 'a6', 'a1', 'a8', 'a4', 'a7'],
  },
  {
    name: 'numbers by value',
    orderBy: [{ field: 'age', direction: 'asc' }],
    ids: ['a6', 'a7', 'a1', 'a5', 'a2', 'a4', 'a3', 'a8'],
  },
  {
    name: 'numbers by value, descending',
    orderBy: [{ field: 'age', direction: 'desc' }],
    ids: ['a3', 'a8', 'a4', 'a2', 'a1', 'a5', 'a7', 'a6'],
  },
  {
    name: 'fractional numbers, missing last',
    orderBy: [{ field: 'score', direction: 'asc' }],
    ids: ['a4', 'a5', 'a1', 'a3', 'a7', 'a6', 'a2', 'a8'],
  },
  {
    name: 'booleans false before true',
    orderBy: [{ field: 'active', direction: 'asc' }],
    ids: ['a2', 'a5', 'a8', 'a1', 'a4', 'a6', 'a3', 'a7'],
  },
  {
    name: 'booleans, descending',
    orderBy: [{ field: 'active', direction: 'desc' }],
    ids: ['a3', 'a7', 'a1', 'a4', 'a6', 'a2', 'a5', 'a8'],
  },
  {
    name: 'enums by string value',
    orderBy: [{ field: 'status', direction: 'asc' }],
    ids: ['a1', 'a4', 'a7', 'a2', 'a6', 'a3', 'a5', 'a8'],
  },
  {
    name: 'dates by instant',
    orderBy: [{ field: 'createdAt', direction: 'asc' }],
    ids: ['a4', 'a1', 'a5', 'a2', 'a6', 'a8', 'a3', 'a7'],
  },
  {
    name: 'dates, descending',
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    ids: ['a3', 'a7', 'a8', 'a6', 'a2', 'a1', 'a5', 'a4'],
  },
  {
    name: 'several keys',
    orderBy: [
      { field: 'status', direction: 'asc' },
      { field: 'age', direction: 'desc' },
    ],
    ids: ['a4', 'a1', 'a7', 'a2', 'a6', 'a3', 'a8', 'a5'],
  },
  { name: 'the id descending', orderBy: [{ field: 'id', direction: 'desc' }], ids: [...ALL_IDS].reverse() },
];
