/**
 * Runs snippet files with `node --import tsx` as the docs tests did one process per file, but in one process for many:
 * tests/support/snippet-runner-child.ts imports each in turn as a module of its own and waits until it is done (when
 * its own process would have exited) before the next, and each file's stdout, stderr and exit status come back on
 * their own. A file that ends the process (a throw, an unhandled rejection, `process.exit`, a top-level await that
 * never settles, the time limit) gets that as its status, and the files after it run in a new process.
 *
 * A file whose process V8 itself aborted (a fatal CHECK or a segmentation fault: a signal other than the time limit's
 * SIGKILL) runs once more in a new process, and a line on stderr says so. Node 22-26 abort now and then while PGlite's
 * WebAssembly is compiled and freed (`Check failed: jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500),
 * whatever the JavaScript above it does; a file that crashes the engine twice reports the second crash.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The repository's root, where `node --import tsx` finds tsconfig.json (and its `paths` to the sources). */
const ROOT = join(import.meta.dirname, '..', '..');
const CHILD = join(import.meta.dirname, 'snippet-runner-child.ts');

/** What running one file printed, and the status its own process would have exited with. */
export interface SnippetOutput {
  readonly file: string;
  readonly stdout: string;
  readonly stderr: string;
  /** 0 when the file ran to its end; the exit code it ended the process with otherwise; null when it was killed. */
  readonly status: number | null;
}

/** Options of {@link snippetRunner}. */
export interface SnippetRunnerOptions {
  /** Milliseconds one file may take before the process is killed (and the files after it run in a new one). */
  readonly timeoutMs?: number;
}

/** Signals with which V8 or the kernel end a process whose engine failed (CHECK, segmentation fault, bus error). */
const ENGINE_CRASHES: ReadonlySet<string> = new Set(['SIGTRAP', 'SIGSEGV', 'SIGILL', 'SIGABRT', 'SIGBUS']);

const MARKER = /\n@@snippet-runner (start|end) (\d+)(?: (\d+))?@@\n/g;

/** The output of each file in one stream: text after its start marker, up to its end marker and the status there. */
function segments(text: string): Map<number, { text: string; status?: number }> {
  const found = new Map<number, { text: string; status?: number }>();
  let open: { index: number; from: number } | undefined;
  for (const match of text.matchAll(MARKER)) {
    const index = Number(match[2]);
    if (match[1] === 'start') {
      open = { index, from: match.index + match[0].length };
      found.set(index, { text: text.slice(open.from) });
    } else if (open?.index === index) {
      found.set(index, { text: text.slice(open.from, match.index), status: Number(match[3]) });
      open = undefined;
    }
  }
  return found;
}

/**
 * Gives the output of `files[i]`, once it has run; the first call starts running them all in order, in one process
 * (another after a file that ends it), so that a file's output is there as soon as it and those before it have run.
 */
export function snippetRunner(
  files: readonly string[],
  options: SnippetRunnerOptions = {},
): (i: number) => Promise<SnippetOutput> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const resolvers: ((output: SnippetOutput) => void)[] = [];
  const outputs = files.map((_file, i) => new Promise<SnippetOutput>((resolve) => (resolvers[i] = resolve)));
  let started = false;
  /** Files run again after an engine crash: each gets one more run. */
  const rerun = new Set<number>();

  /** Runs `files[first..]` in one process; when one of them ends it, runs those after it in another. */
  const runFrom = (first: number): void => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...files.slice(first)], { cwd: ROOT });
    const text = { stdout: '', stderr: '' };
    let done = first;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, timeoutMs);
    };
    const settle = (): void => {
      const [out, err] = [segments(text.stdout), segments(text.stderr)];
      for (;;) {
        const [o, e] = [out.get(done - first), err.get(done - first)];
        if (o?.status === undefined || e?.status === undefined) break;
        resolvers[done]?.({ file: files[done] ?? '', stdout: o.text, stderr: e.text, status: o.status });
        done++;
        arm();
      }
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      text.stdout += chunk;
      settle();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      text.stderr += chunk;
      settle();
    });
    arm();
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      settle();
      if (done === files.length) return;
      if (!timedOut && signal !== null && ENGINE_CRASHES.has(signal) && !rerun.has(done)) {
        rerun.add(done);
        process.stderr.write(
          `snippet runner: ${files[done] ?? ''} crashed the engine (${signal}; nodejs/node#64500); running it again\n`,
        );
        runFrom(done);
        return;
      }
      const [o, e] = [segments(text.stdout).get(done - first), segments(text.stderr).get(done - first)];
      const why = timedOut
        ? `\n(killed: still running after ${timeoutMs} ms)`
        : signal !== null
          ? `\n(killed by ${signal})`
          : code === 0
            ? '\n(exited before its module finished loading: a top-level await that never settles)'
            : '';
      // The process died before this file started: nothing of it ran, the process's whole stderr tells why.
      const stderr = (e?.text ?? (o === undefined ? text.stderr : '')) + why;
      resolvers[done]?.({
        file: files[done] ?? '',
        stdout: o?.text ?? '',
        stderr,
        status: timedOut || signal !== null ? null : code === 0 ? 13 : code,
      });
      if (o === undefined && e === undefined) {
        // Nothing started: report the same for the rest rather than start process after process.
        for (let i = done + 1; i < files.length; i++)
          resolvers[i]?.({ file: files[i] ?? '', stdout: '', stderr, status: code });
        return;
      }
      if (done + 1 < files.length) runFrom(done + 1);
    });
  };

  return (i) => {
    if (!started) {
      started = true;
      if (files.length > 0) runFrom(0);
    }
    const output = outputs[i];
    if (output === undefined) throw new Error(`snippetRunner: no file ${i} among ${files.length}`);
    return output;
  };
}
