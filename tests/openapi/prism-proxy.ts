/**
 * Puts Stoplight Prism (`@stoplight/prism-cli`, a validating proxy nobody here wrote) in front of a started example:
 * `prism proxy <the document the example serves> <its url> --errors=false` forwards every request unchanged and logs
 * each violation of the document it finds in the request or the response. {@link violationsOf} reads that log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { StartedServer, StartServer } from '../contracts/http-contract';

const ROOT = join(import.meta.dirname, '..', '..');
const PRISM = join(ROOT, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const OUT = join(ROOT, '.tmp', 'prism');

/** One request as Prism logged it: the upstream status and the violations found. */
export interface ProxiedExchange {
  readonly request: string;
  readonly status: number | undefined;
  readonly violations: readonly string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * The exchanges of a Prism log, in order: a block per "Request received", with the status of "The upstream call to
 * ... has returned N" and the text of each "Violation:" line.
 */
export function violationsOf(log: string): ProxiedExchange[] {
  const exchanges: { request: string; status: number | undefined; violations: string[] }[] = [];
  for (const line of log.replace(ANSI, '').split('\n')) {
    const received = /\[HTTP SERVER\] (\S+ \S+) .*Request received/.exec(line);
    if (received) {
      exchanges.push({ request: received[1] ?? '', status: undefined, violations: [] });
      continue;
    }
    const current = exchanges.at(-1);
    const forwarded = /Forwarding "\w+" request to (\S+)/.exec(line);
    if (forwarded && current) current.request = `${current.request.split(' ')[0]} ${forwarded[1]}`;
    const status = /The upstream call to .* has returned (\d+)/.exec(line);
    if (status && current) current.status = Number(status[1]);
    const violation = /Violation: (.*)$/.exec(line);
    if (violation && current) current.violations.push((violation[1] ?? '').trim());
  }
  return exchanges;
}

/** Every Prism log of the servers started through {@link throughPrism}, by name. */
export const PRISM_LOGS = new Map<string, string[]>();

/**
 * A `StartServer` that starts the example with `start`, then Prism in front of it (its document fetched from the
 * example's `/openapi.json`), and gives Prism's url; `close` stops both and keeps Prism's log in {@link PRISM_LOGS}.
 */
export function throughPrism(name: string, start: StartServer): StartServer {
  return async (options) => {
    const server = await start({ ...options, port: 0 });
    await mkdir(OUT, { recursive: true });
    const spec = join(OUT, `${name}.json`);
    await writeFile(spec, await (await fetch(`${server.url}/openapi.json`)).text());
    const port = await freePort();
    const child: ChildProcess = spawn(
      process.execPath,
      [PRISM, 'proxy', spec, server.url, '--port', String(port), '--host', '127.0.0.1', '--errors=false'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`prism did not start:\n${log}`)), 30_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Prism is listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`prism exited with ${code}:\n${log}`)));
    });
    try {
      await ready;
    } catch (error) {
      child.kill();
      await server.close();
      throw error;
    }
    const started: StartedServer = {
      url: `http://127.0.0.1:${port}`,
      close: async () => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
        PRISM_LOGS.set(name, [...(PRISM_LOGS.get(name) ?? []), log]);
        await server.close();
      },
    };
    return started;
  };
}
