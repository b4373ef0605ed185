/** W3's server processes: bench/http-server.ts started in a child process, asked for its CPU time, stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A running W3 server. */
export interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  /** The CPU time (µs, user + system) the server process has used so far. */
  cpu(): Promise<number>;
}

/** Starts one server in a child process and resolves with its URL. */
export function startServer(kind: string, records: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/http-server.ts', kind, String(records)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // Each line the server prints answers the oldest waiter: first the URL, then one line per `cpu` request.
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => waiting.shift()?.(line));
  const cpu = (): Promise<number> =>
    new Promise((resolve) => {
      waiting.push((line) => resolve((JSON.parse(line) as { cpu: number }).cpu));
      child.stdin?.write('cpu\n');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`W3: ${kind} server did not start within 120 s`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`W3: ${kind} server exited with code ${code} before listening`));
    });
    waiting.push((line) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: (JSON.parse(line) as { url: string }).url, child, cpu });
    });
  });
}

export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}
