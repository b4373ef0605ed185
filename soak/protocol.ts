/** Which leg a server process runs. */
export type LegName = 'main' | 'fault' | 'postgres';

/** What the parent tells a server process to run (JSON in `SOAK_SERVER_CONFIG`). */
export interface ServerConfig {
  readonly leg: LegName;
  readonly seedRecords: number;
  /** Share of repository calls that throw (fault leg), else 0. */
  readonly faultRate: number;
  readonly faultSeed: number;
  /** The rate limit, set far above what the run can send so the limiter never rejects. */
  readonly rateLimitMax: number;
  /** PostgreSQL leg: connection string, table and `application_name` of the pool. */
  readonly postgres?: { readonly url: string; readonly table: string; readonly applicationName: string };
}

/** A command the parent sends a server process over IPC. */
export type Command = 'heap' | 'dump' | 'counts' | 'clear-audit' | 'close';

/** One stored record, as far as the checks need it. */
export interface StoredRecord {
  readonly id: string;
  readonly username: string;
}

/** What a server process answers: its address once listening, then one reply per command. */
export type ServerMessage =
  | { readonly kind: 'ready'; readonly url: string; readonly description: string }
  | { readonly kind: 'reply'; readonly id: number; readonly result?: unknown; readonly error?: string };

/** A command with the id its reply carries. */
export interface CommandMessage {
  readonly id: number;
  readonly command: Command;
}

/** What the `counts` command returns. */
export interface ServerCounts {
  readonly calls: Readonly<Record<string, number>>;
  readonly faults: Readonly<Record<string, number>>;
  /** `'error'` events the PostgreSQL pool emitted (an idle client lost its connection). */
  readonly poolErrors: number;
  readonly poolErrorMessages: readonly string[];
}
