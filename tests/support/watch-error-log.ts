/**
 * Watching the logger a server reports its 5xx to, in a test that provokes them on purpose: while watched the logger
 * prints nothing (no expected stack in the test output) and keeps what it was given, for the test to check that each
 * 5xx was logged once, naming the request. Restore the watch in a `finally`: files share one module graph
 * (`isolate: false`), and a logger left silenced would hide the errors nobody expected.
 */
import { vi } from 'vitest';

/** A logger watched since {@link WatchErrorLog} was called. */
export interface WatchedErrorLog {
  /** The first argument of each call, as text: the line naming the request and its status. */
  lines(): string[];
  /** Ends the watch: the logger prints again. */
  restore(): void;
}

/** Starts watching (and silencing) one logger. */
export type WatchErrorLog = () => WatchedErrorLog;

/** What {@link watching} reads of a spy: its calls, and how to put the original back. */
interface Spy {
  readonly mock: { readonly calls: readonly (readonly unknown[])[] };
  mockRestore(): void;
}

/** The watch over `spy`, a spy whose implementation already prints nothing. */
export function watching(spy: Spy): WatchedErrorLog {
  return {
    lines: () => spy.mock.calls.map(([line]) => String(line)),
    restore: () => spy.mockRestore(),
  };
}

/**
 * Watches `console.error`, where the Express and Hono adapters report each 5xx by default, and the Fastify plugin
 * under Fastify's default `logger: false`.
 */
export const watchConsoleError: WatchErrorLog = () =>
  watching(vi.spyOn(console, 'error').mockImplementation(() => undefined));
