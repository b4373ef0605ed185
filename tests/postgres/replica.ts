/**
 * A real streaming replica for the read-replica tests: a primary cluster of its own (initdb in a temporary folder,
 * `wal_level = replica`, on a free port of 127.0.0.1) and a hot standby made of it with `pg_basebackup -R` on another
 * port. The PostgreSQL binaries are those of `pg_config --bindir`; initdb and postgres refuse to run as root, so as
 * root they run as the `postgres` OS user (`runuser -u postgres --`), the folder owned by it.
 *
 * The primary lists the standby in `synchronous_standby_names`, but commits wait for it only in sessions that ask
 * (`synchronous_commit = remote_apply`, see {@link Replica.primaryUrl}): the other sessions commit locally, so a test
 * can pause the standby's replay and write on the primary meanwhile.
 *
 * {@link describeOnReplica} is what a test file uses: one replica for its block, with pools and the helpers that make
 * the replica lag, or a skip (a failure with PAGELOPE_REQUIRE_REPLICA=1) where none can be made.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';

const run = promisify(execFile);

/** A primary cluster and its streaming replica, both on 127.0.0.1. */
export interface Replica {
  /** The primary's URL (`database` `postgres`); `remoteApply` makes each commit wait until the replica applied it. */
  primaryUrl(options?: { readonly remoteApply?: boolean }): string;
  /** The replica's URL: a hot standby, read-only. */
  readonly replicaUrl: string;
  /** Restarts the replica (a fast shutdown: its connections are ended) and resolves once it accepts them again. */
  restartReplica(): Promise<void>;
  /** Stops both clusters and removes their folder. */
  stop(): Promise<void>;
}

/** How the binaries run here: their folder, and the command prefix (`runuser -u postgres --` as root). */
interface Binaries {
  readonly bindir: string;
  readonly prefix: readonly string[];
  readonly uid: number | undefined;
  readonly gid: number | undefined;
}

/**
 * Whether a replica can be made here: the binaries, or why not (missing binaries, root without a `postgres` user or
 * `runuser`). A quick synchronous probe, so that a test file can decide at collection time to skip.
 */
export function replicaBinaries(): Binaries | string {
  let bindir: string;
  try {
    bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return 'pg_config is not on the PATH';
  }
  for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup']) {
    if (!existsSync(join(bindir, tool))) return `${tool} is missing from ${bindir}`;
  }
  if (process.getuid?.() !== 0) return { bindir, prefix: [], uid: undefined, gid: undefined };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    const prefix = ['runuser', '-u', 'postgres', '--'];
    execFileSync(prefix[0] as string, [...prefix.slice(1), join(bindir, 'initdb'), '--version'], { stdio: 'ignore' });
    return { bindir, prefix, uid, gid };
  } catch {
    return 'running as root, and initdb cannot be run as the postgres OS user (runuser -u postgres)';
  }
}

/**
 * `count` free ports of 127.0.0.1, each different: all are held open until every one is known (two ports asked one
 * after the other may be the same one, closed and handed out again, and then the standby cannot start).
 */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => {
              const address = server.address();
              if (typeof address === 'object' && address) resolve(address.port);
              else reject(new Error('no port'));
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Starts a primary and its streaming replica (about 2-4 s); throws with the tools' output when a step fails. */
export async function startReplica(binaries: Binaries): Promise<Replica> {
  const { bindir, prefix } = binaries;
  const tool = (name: string, args: readonly string[]) => {
    const [command, ...rest] = [...prefix, join(bindir, name), ...args];
    return run(command as string, rest, { timeout: 60_000 });
  };
  const folder = mkdtempSync(join(tmpdir(), 'pagelope-replica-'));
  if (binaries.uid !== undefined && binaries.gid !== undefined) chownSync(folder, binaries.uid, binaries.gid);
  const primary = join(folder, 'primary');
  const standby = join(folder, 'standby');
  const [primaryPort, standbyPort] = (await freePorts(2)) as [number, number];
  const started: string[] = [];
  // Should the worker exit without stop() (a run cut short), the clusters are stopped and the folder removed then.
  const stopNow = () => {
    for (const data of started.reverse()) {
      const [command, ...rest] = [...prefix, join(bindir, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'];
      try {
        execFileSync(command as string, rest, { stdio: 'ignore', timeout: 30_000 });
      } catch {
        // already stopped
      }
    }
    started.length = 0;
    rmSync(folder, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  const stop = async () => {
    process.off('exit', stopNow);
    for (const data of started.reverse()) await tool('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
    started.length = 0;
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    await tool('initdb', [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const settings = [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${folder}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      'fsync = off',
      "synchronous_standby_names = '*'",
      'synchronous_commit = local',
    ];
    appendFileSync(join(primary, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
    appendFileSync(join(primary, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await tool('pg_ctl', ['-D', primary, '-l', join(folder, 'primary.log'), '-w', 'start']);
    started.push(primary);
    await tool(
      'pg_basebackup',
      ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'].concat([
        '-D',
        standby,
        '-R',
        '-X',
        'stream',
        '--no-sync',
      ]),
    );
    appendFileSync(join(standby, 'postgresql.conf'), `\nport = ${standbyPort}\n`);
    await tool('pg_ctl', ['-D', standby, '-l', join(folder, 'standby.log'), '-w', 'start']);
    started.push(standby);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    primaryUrl: (options = {}) =>
      `postgres://postgres@127.0.0.1:${primaryPort}/postgres` +
      (options.remoteApply ? '?options=-c%20synchronous_commit%3Dremote_apply' : ''),
    replicaUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
    async restartReplica() {
      await tool('pg_ctl', ['-D', standby, '-l', join(folder, 'standby.log'), '-m', 'fast', '-w', 'restart']);
    },
    stop,
  };
}

/** The pools of the replica of a {@link describeOnReplica} block (set before its tests run), and its lag helpers. */
export interface ReplicaPools {
  /** The primary: commits do not wait for the replica. */
  readonly primary: pg.Pool;
  /** The replica (hot standby, read-only). */
  readonly standby: pg.Pool;
  /** The primary with `synchronous_commit = remote_apply`: each commit waits until the replica applied it. */
  readonly synced: pg.Pool;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Pauses the replica's replay (once it has caught up), runs `work`, then resumes it and waits for it. */
  whilePaused(work: () => Promise<void>): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A describe block `name` on a streaming replica of its own, started before its tests and stopped after them, its
 * pools in `replica`. Where no replica can be made, a skipped test saying why (`what` names what it needs), or with
 * `PAGELOPE_REQUIRE_REPLICA=1` (set by .ci/run) a failing one.
 */
export function describeOnReplica(name: string, what: string, body: (replica: ReplicaPools) => void): void {
  const binaries = replicaBinaries();
  if (typeof binaries === 'string') {
    if (process.env['PAGELOPE_REQUIRE_REPLICA'] === '1') {
      it('makes a streaming replica (PAGELOPE_REQUIRE_REPLICA=1)', () => {
        throw new Error(`PAGELOPE_REQUIRE_REPLICA=1, but no replica can be made here: ${binaries}`);
      });
    } else it.skip(`${what}: needs PostgreSQL's initdb, pg_ctl and pg_basebackup (${binaries})`);
    return;
  }
  describe(name, () => {
    let replica: Replica | undefined;
    const pools: pg.Pool[] = [];
    const open = (url: string) => {
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      pools.push(pool);
      return pool;
    };
    const state = {} as { primary: pg.Pool; standby: pg.Pool; synced: pg.Pool };
    const caughtUp = async () => {
      const { rows } = await state.primary.query('SELECT pg_current_wal_lsn()::text AS lsn');
      const [{ lsn }] = rows as [{ lsn: string }];
      for (let tries = 0; tries < 500; tries++) {
        const done = await state.standby.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn]);
        if ((done.rows[0] as { done: boolean }).done) return;
        await sleep(20);
      }
      throw new Error('the replica did not catch up');
    };
    const whilePaused = async (work: () => Promise<void>) => {
      await caughtUp();
      await state.standby.query('SELECT pg_wal_replay_pause()');
      for (let tries = 0; ; tries++) {
        const { rows } = await state.standby.query('SELECT pg_get_wal_replay_pause_state() AS state');
        if ((rows[0] as { state: string }).state === 'paused') break;
        if (tries > 500) throw new Error('the replica did not pause');
        await sleep(20);
      }
      try {
        await work();
      } finally {
        await state.standby.query('SELECT pg_wal_replay_resume()');
        await caughtUp();
      }
    };
    beforeAll(async () => {
      replica = await startReplica(binaries);
      state.primary = open(replica.primaryUrl());
      state.standby = open(replica.replicaUrl);
      state.synced = open(replica.primaryUrl({ remoteApply: true }));
    }, 60_000);
    afterAll(async () => {
      for (const pool of pools) await pool.end();
      await replica?.stop();
    }, 60_000);
    body({
      get primary() {
        return state.primary;
      },
      get standby() {
        return state.standby;
      },
      get synced() {
        return state.synced;
      },
      caughtUp,
      whilePaused,
    });
  });
}
