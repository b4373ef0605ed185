/**
 * The reference model of the batch writes: the same single calls one after the other, and the first of them that
 * fails (a batch then changes nothing).
 */
import type { Item } from './fixtures';
import { referenceMatches, type Row } from './reference-model';

/** One change of `updateMany`, as the contract makes them. */
export interface ModelChange {
  readonly id: string;
  readonly patch: Partial<Item>;
  readonly where?: Readonly<Record<string, unknown>> | undefined;
}

/** What a batch does to the records: the results in input order, or the id of the first item that fails. */
export type BatchOutcome =
  | { readonly ok: true; readonly results: readonly Item[]; readonly records: readonly Item[] }
  | { readonly ok: false; readonly failed: string };

const inScope = (record: Item, scope: Row | undefined) => scope === undefined || referenceMatches(record, scope);

/** `updateMany` as single updates in order: a missing id, or a record outside the scope or its `where`, fails. */
export function modelUpdateMany(records: readonly Item[], changes: readonly ModelChange[], scope?: Row): BatchOutcome {
  const state = new Map(records.map((record) => [record.id, record]));
  const results: Item[] = [];
  for (const change of changes) {
    const current = state.get(change.id);
    if (!current || !inScope(current, scope) || (change.where && !referenceMatches(current, change.where))) {
      return { ok: false, failed: change.id };
    }
    const next = { ...current, ...change.patch };
    state.set(change.id, next);
    results.push(next);
  }
  return { ok: true, results, records: [...state.values()] };
}

/** `deleteMany` as single deletes in order: a missing id, an id given before, or a record outside the scope, fails. */
export function modelDeleteMany(records: readonly Item[], ids: readonly string[], scope?: Row): BatchOutcome {
  const state = new Map(records.map((record) => [record.id, record]));
  const results: Item[] = [];
  for (const id of ids) {
    const current = state.get(id);
    if (!current || !inScope(current, scope)) return { ok: false, failed: id };
    state.delete(id);
    results.push(current);
  }
  return { ok: true, results, records: [...state.values()] };
}
