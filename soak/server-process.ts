import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command, CommandMessage, ServerConfig, ServerMessage } from './protocol';

/** A soak server running in its own Node process, so the load generator does not share its event loop. */
export interface ServerProcess {
  readonly url: string;
  readonly description: string;
  /** Sends an IPC command and resolves with its result. */
  command<TResult>(command: Command): Promise<TResult>;
  /** `undefined` while running, else how the process ended. */
  exited(): string | undefined;
  /** Asks the server to close, and kills it if it has not exited after 5 s. */
  stop(): Promise<void>;
}

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));

/** Forks `server.ts` (with `--expose-gc`) and resolves once it listens. */
export async function startServer(config: ServerConfig): Promise<ServerProcess> {
  const child: ChildProcess = fork(SERVER_ENTRY, [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, SOAK_SERVER_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exit: string | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const ready = new Promise<{ url: string; description: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    child.on('message', (message: ServerMessage) => {
      if (message.kind === 'ready') {
        clearTimeout(timer);
        resolve(message);
        return;
      }
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    child.on('exit', (code, signal) => {
      exit = `exited with code ${code ?? '-'} signal ${signal ?? '-'}`;
      clearTimeout(timer);
      reject(new Error(`server ${exit}`));
      for (const waiter of pending.values()) waiter.reject(new Error(`server ${exit}`));
      pending.clear();
    });
  });
  const { url, description } = await ready;
  const command = <TResult>(name: Command): Promise<TResult> =>
    new Promise<TResult>((resolve, reject) => {
      if (exit) return reject(new Error(`server ${exit}`));
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, command: name } satisfies CommandMessage);
    });
  return {
    url,
    description,
    command,
    exited: () => exit,
    async stop() {
      if (exit) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      await command('close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}
