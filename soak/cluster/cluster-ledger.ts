/** A record one worker created and alone changes, with what the service acknowledged of it. */
export interface OwnedRecord {
  readonly username: string;
  id: string;
  etag: string;
  /** The age of the last acknowledged write. */
  age: number;
  /** The version of the last acknowledged write. */
  version: number;
  deleted: boolean;
  /** A write of it had no answer or a 5xx: it may or may not have been applied, so it is no longer changed. */
  uncertain: boolean;
}

/** What the cluster's writes did, as their answers say. */
export interface ClusterLedger {
  /** Creates answered 201 (single and batch), by username. */
  readonly acknowledged: Map<string, OwnedRecord>;
  /** Usernames of creates without an answer or with a 5xx: they may exist. */
  readonly ambiguousCreates: Set<string>;
  /** Usernames of creates answered with a 4xx: they must not exist. */
  readonly rejectedCreates: Set<string>;
  /** Updates (If-Match) and deletes of a client's own live record refused with a 4xx (412, 404, ...): none may be. */
  readonly refusedWrites: string[];
  /** Gets of an acknowledged, undeleted record that answered 404 (a replica's lag not covered by the primary). */
  readonly missedGets: string[];
}

/** An empty ledger. */
export function createClusterLedger(): ClusterLedger {
  return {
    acknowledged: new Map(),
    ambiguousCreates: new Set(),
    rejectedCreates: new Set(),
    refusedWrites: [],
    missedGets: [],
  };
}

/** Whether an answer leaves a write's outcome unknown: no answer, or a 5xx (it may have committed). */
export const isAmbiguous = (status: number | undefined): boolean => status === undefined || status >= 500;
