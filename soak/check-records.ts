import type { StoredRecord } from './protocol';
import type { Ledger } from './traffic';

/** The stored records compared with seed + acknowledged creates − acknowledged deletes. */
export interface RecordCheck {
  readonly expected: number;
  readonly present: number;
  /** Expected records that are missing: acknowledged creates (or seeds) gone without an acknowledged delete. */
  readonly lost: readonly string[];
  /** Present records nobody acknowledged: never created, deleted with a 204, or created by a create that got a 5xx
   * where a 5xx means nothing was written. */
  readonly unexpected: readonly string[];
  /** Writes whose outcome the client cannot know (no response, or a 5xx where the write may have happened). */
  readonly ambiguousWrites: number;
  /** How many of the ambiguous creates turned out to be stored. */
  readonly ambiguousCreatesStored: number;
}

/** Compares the store's contents with what the ledger acknowledged; `seedIds` are the records present at start. */
export function checkRecords(
  seedIds: readonly string[],
  present: readonly StoredRecord[],
  ledger: Ledger,
  options: { readonly failedWritesAreAbsent: boolean },
): RecordCheck {
  const expected = new Set(seedIds);
  for (const id of ledger.acknowledgedCreates.keys()) expected.add(id);
  for (const id of ledger.acknowledgedDeletes) expected.delete(id);

  const ambiguousIds = new Set<string>();
  const ambiguousUsernames = new Set<string>();
  for (const sent of ledger.inflight.values()) {
    if (sent.kind === 'delete' && sent.id) ambiguousIds.add(sent.id);
    if (sent.kind === 'create' && sent.username) ambiguousUsernames.add(sent.username);
  }
  if (!options.failedWritesAreAbsent) {
    for (const id of ledger.failedDeletes) if (!ledger.acknowledgedDeletes.has(id)) ambiguousIds.add(id);
    for (const username of ledger.failedCreates) ambiguousUsernames.add(username);
  }

  const presentIds = new Set(present.map((record) => record.id));
  const lost = [...expected].filter((id) => !presentIds.has(id) && !ambiguousIds.has(id));
  const unexpected: string[] = [];
  let ambiguousCreatesStored = 0;
  for (const { id, username } of present) {
    if (expected.has(id) || ambiguousIds.has(id)) continue;
    if (ambiguousUsernames.has(username)) ambiguousCreatesStored++;
    else unexpected.push(id);
  }
  return {
    expected: expected.size,
    present: present.length,
    lost,
    unexpected,
    ambiguousWrites: ambiguousIds.size + ambiguousUsernames.size,
    ambiguousCreatesStored,
  };
}
