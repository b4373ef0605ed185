/** The seed of the contract: eight records, and the ids of all of them. */
import { at, type Item } from './fixtures';

/** Eight records chosen so that each operator, null rule and ordering rule has a distinct answer. */
export const SEED: readonly Item[] = Object.freeze([
  {
    id: 'a1',
    name: 'Ada',
    nick: 'ada',
    age: 36,
    score: 1.5,
    active: true,
    status: 'active',
    createdAt: at('2020-01-01T00:00:00.000Z'),
  },
  {
    id: 'a2',
    name: 'alan',
    nick: null,
    age: 41,
    active: false,
    status: 'archived',
    createdAt: at('2021-06-15T12:00:00.000Z'),
  },
  { id: 'a3', name: 'Grace', age: null, score: 2, active: null, status: 'draft', createdAt: null },
  {
    id: 'a4',
    name: 'grace hopper',
    nick: 'AMAZING',
    age: 85,
    score: -1,
    active: true,
    status: 'active',
    createdAt: at('2019-12-31T23:59:59.999Z'),
  },
  {
    id: 'a5',
    name: 'Édith',
    nick: 'édith',
    age: 36,
    score: 0,
    active: false,
    status: 'draft',
    createdAt: at('2020-01-01T00:00:00.000Z'),
  },
  {
    id: 'a6',
    name: '😀 emoji',
    nick: 'x%_y',
    age: 9,
    score: 10,
    active: true,
    status: 'archived',
    createdAt: at('2022-02-02T00:00:00.000Z'),
  },
  { id: 'a7', name: '\uFF5Ewide', nick: '', age: 10, score: 9.75, active: null, status: 'active', createdAt: null },
  {
    id: 'a8',
    name: 'Zed',
    nick: 'a.*b',
    age: null,
    active: false,
    status: 'draft',
    createdAt: at('2023-03-03T00:00:00.000Z'),
  },
]);

/** The ids of {@link SEED}, in id order. */
export const ALL_IDS: readonly string[] = SEED.map((record) => record.id);

/** The ids of {@link SEED} but the given ones, in id order. */
export const except = (...ids: string[]): string[] => ALL_IDS.filter((id) => !ids.includes(id));
