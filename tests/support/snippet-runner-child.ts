/**
 * Run as `node --import tsx snippet-runner-child.ts <file>...` by tests/support/snippet-runner.ts: imports each file in
 * turn as a module of its own and waits until it has nothing left to do (the event loop drained, when a process of its
 * own would have exited) before the next. Marker lines on stdout and stderr delimit each file's output; the end marker
 * carries the exit status the file's own process would have had. A file that throws or rejects unhandled, or calls
 * `process.exit`, ends this process as it would have ended its own; the parent runs the files after it in a new one.
 */
import { pathToFileURL } from 'node:url';

/** The marker lines, as tests/support/snippet-runner.ts parses them. */
const start = (i: number): string => `\n@@snippet-runner start ${i}@@\n`;
const end = (i: number, status: number): string => `\n@@snippet-runner end ${i} ${status}@@\n`;

/**
 * Resolves when the event loop has drained: at `beforeExit`, which the next file's work then keeps from exiting. The
 * promise is resolved from an immediate that the listener schedules, not in the listener itself: the immediate keeps
 * the loop alive until the continuation has started the next file's import. Resolved in the listener, the
 * continuation could run only after Node had found the loop empty again, and Node 22 then exited with status 13
 * ("unsettled top-level await") now and then.
 */
const drained = (): Promise<void> => new Promise((resolve) => process.once('beforeExit', () => setImmediate(resolve)));

for (const [i, file] of process.argv.slice(2).entries()) {
  process.stdout.write(start(i));
  process.stderr.write(start(i));
  // A module that throws ends this process, and one whose top-level await never settles ends it with status 13, as
  // either would have ended a process of its own.
  await import(pathToFileURL(file).href);
  await drained();
  const status = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  process.stdout.write(end(i, status));
  process.stderr.write(end(i, status));
}
