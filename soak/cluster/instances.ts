import { fork, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InstanceConfig } from './protocol';

const ENTRY = fileURLToPath(new URL('./instance.ts', import.meta.url));

/** An instance process of the cluster, started again after a kill with a new log file of its own. */
export interface ClusterInstance {
  readonly config: InstanceConfig;
  /** Starts the process and resolves once it listens (a new log file each start). */
  start(): Promise<void>;
  /** SIGKILL: in-flight requests are cut, nothing is closed. */
  kill(): Promise<void>;
  /** SIGTERM: closes the server and the pools. */
  stop(): Promise<void>;
  /** The log files of each start. */
  readonly logs: readonly string[];
  /** Exits the parent did not ask for. */
  readonly unexpectedExits: readonly string[];
}

/** An instance of `config`, writing its log files in `folder`. */
export function clusterInstance(config: InstanceConfig, folder: string): ClusterInstance {
  let child: ChildProcess | undefined;
  let expected = false;
  const logs: string[] = [];
  const unexpectedExits: string[] = [];
  const exitOf = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    expected = true;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    const timer = setTimeout(() => running.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
    child = undefined;
  };
  return {
    config,
    logs,
    unexpectedExits,
    async start() {
      const log = join(folder, `${config.name}-${logs.length + 1}.log`);
      logs.push(log);
      const fd = openSync(log, 'a');
      const errors = openSync(log.replace(/\.log$/, '.err'), 'a'); // the instance's reports of 5xx and store errors
      expected = false;
      const started = fork(ENTRY, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, SOAK_INSTANCE_CONFIG: JSON.stringify(config) },
        stdio: ['ignore', fd, errors, 'ipc'],
      });
      closeSync(fd);
      closeSync(errors);
      child = started;
      started.once('exit', (code, signal) => {
        if (!expected) unexpectedExits.push(`${config.name} exited (code ${code ?? '-'}, signal ${signal ?? '-'})`);
      });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${config.name} did not listen within 60 s`)), 60_000);
        started.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        started.once('exit', () => {
          clearTimeout(timer);
          reject(
            new Error(
              `${config.name} exited before it listened: ${readFileSync(log.replace(/\.log$/, '.err'), 'utf8').slice(-2_000)}`,
            ),
          );
        });
      });
    },
    kill: () => exitOf('SIGKILL'),
    stop: () => exitOf('SIGTERM'),
  };
}
