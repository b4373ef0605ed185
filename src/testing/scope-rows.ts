/** The scopes of the contract over the seed, and the ids inside each. */
import type { Where } from 'pagelope';
import type { Item } from './fixtures';

/** A scope of one where object. */
export const ACTIVE: Where<Item> = { status: 'active' };

/** A scope of an OR array. */
export const DRAFT_OR_OLD: Where<Item> = [{ status: 'draft' }, { age: { gt: 80 } }];

/** Each scope and the ids of the seed inside it (id ascending). */
export const SCOPES: readonly {
  readonly label: string;
  readonly scope: Where<Item>;
  readonly inside: readonly string[];
}[] = [
  { label: 'a where object', scope: ACTIVE, inside: ['a1', 'a4', 'a7'] },
  { label: 'an OR array', scope: DRAFT_OR_OLD, inside: ['a3', 'a4', 'a5', 'a8'] },
];
