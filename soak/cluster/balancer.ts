import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { haproxyConfig, type Backend } from './haproxy-config';
import { nodeBalancer } from './node-balancer';

/** The one loopback port in front of every instance. */
export interface Balancer {
  readonly url: string;
  /** `haproxy 2.6.12` or `a Node balancer (haproxy is missing)`. */
  readonly description: string;
  stop(): Promise<void>;
}

/** haproxy's version line, or `undefined` when it cannot be run here. */
function haproxyVersion(): string | undefined {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  return probe.status === 0 ? /version (\S+)/i.exec(probe.stdout)?.[1] : undefined;
}

const listening = async (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts haproxy (Debian's, when installed) on `port`, else the Node balancer; `folder` takes haproxy's config. */
export async function startBalancer(port: number, backends: readonly Backend[], folder: string): Promise<Balancer> {
  const url = `http://127.0.0.1:${port}`;
  const version = process.env.SOAK_NODE_BALANCER === '1' ? undefined : haproxyVersion();
  if (version === undefined) {
    const server = nodeBalancer(backends);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return {
      url,
      description: 'a Node balancer (soak/cluster/node-balancer.ts; haproxy is missing)',
      stop: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
    };
  }
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, backends));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refuses its config: ${check.stderr}${check.stdout}`);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 100 && !(await listening(port)); i++) await sleep(50);
  if (!(await listening(port))) {
    child.kill('SIGKILL');
    throw new Error(`haproxy does not listen on ${port}`);
  }
  return {
    url,
    description: `haproxy ${version}`,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
