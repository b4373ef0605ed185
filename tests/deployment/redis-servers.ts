/**
 * The Redis servers of the shared rate limit tests: whether the machine's (127.0.0.1:6379) answers, whether
 * `redis-server` is installed, and one the test starts on a free port, stops and starts again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo } from 'node:net';

/** Set by CI (`.ci/run`): a missing Redis fails the tests instead of skipping them. */
export const REDIS_REQUIRED = process.env.PAGELOPE_REQUIRE_REDIS === '1';

/** Resolves whether a Redis on 127.0.0.1:`port` answers PING within `timeoutMs`. */
export function redisAnswers(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (answered: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.on('error', () => done(false));
  });
}

/** Whether `redis-server` runs here (`redis-server --version`). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A port of 127.0.0.1 that nothing listened on a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A `redis-server` of the test's own on one port, without persistence: `start` it, `stop` it, and again. */
export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Pauses it (SIGSTOP): connections stay open, nothing answers; `resume` (SIGCONT) lets it go on. */
  pause(): void;
  resume(): void;
}

/** An {@link OwnRedis} on a free port, not started yet. */
export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      child = spawn('redis-server', args, { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await redisAnswers(port, 200)); i++) {
        if (child.exitCode !== null) throw new Error(`redis-server --port ${port} exited (${child.exitCode})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!(await redisAnswers(port))) throw new Error(`redis-server --port ${port} does not answer`);
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async stop() {
      const running = child;
      child = undefined;
      if (running === undefined || running.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGKILL'); // ends it paused or not
      await exited;
    },
  };
}
