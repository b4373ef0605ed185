/**
 * Puts Stoplight Prism (`@stoplight/prism-cli`, a validating proxy nobody here wrote) in front of started examples:
 * `prism proxy <the document the examples serve> <a relay to one of them> --errors=false` forwards every request
 * unchanged and logs each violation of the document it finds in the request or the response. {@link violationsOf}
 * reads that log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

/** Prism in front of a relay whose upstream server is chosen by {@link PrismProxy.target}. */
export interface PrismProxy {
  /** Prism's url: requests sent there are validated, then forwarded through the relay. */
  readonly url: string;
  /** The document Prism validates against. */
  readonly document: string;
  /** Sends what Prism forwards to `upstream` (a server's url) from now on. */
  target(upstream: string): void;
  /** Stops Prism and the relay; resolves Prism's whole log, complete once it has exited. */
  close(): Promise<string>;
}

/**
 * Starts Prism (`prism proxy <document> <relay> --errors=false`) once for many servers that serve the same
 * `document`: its upstream is a relay in this process that forwards each request unchanged (method, path and query,
 * raw headers with `host` set to the server's, body) to the server {@link PrismProxy.target} names, and its answer
 * back unchanged. One Prism start (several seconds of a core) serves every server of an adapter.
 */
export async function startPrism(name: string, document: string): Promise<PrismProxy> {
  let upstream: URL | undefined;
  const relay = createHttpServer((request, response) => {
    if (upstream === undefined) {
      response.writeHead(502).end();
      return;
    }
    const headers = [...request.rawHeaders];
    for (let i = 0; i < headers.length; i += 2) {
      if (headers[i]?.toLowerCase() === 'host') headers[i + 1] = upstream.host;
    }
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const relayUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  await mkdir(OUT, { recursive: true });
  const spec = join(OUT, `${name}.json`);
  await writeFile(spec, document);
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [PRISM, 'proxy', spec, relayUrl, '--port', String(port), '--host', '127.0.0.1', '--errors=false'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
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
  const close = async () => {
    child.kill();
    await exited;
    relay.closeAllConnections();
    await new Promise((resolve) => relay.close(resolve));
    return log;
  };
  try {
    await ready;
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    document,
    target(server) {
      upstream = new URL(server);
    },
    close,
  };
}
