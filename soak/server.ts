/**
 * One soak server process: the Fastify example (`createApp`) on 127.0.0.1:0 over a counting (and, in the fault leg,
 * failing) repository, run with `--expose-gc` so that heap figures are taken after a forced collection. The parent
 * drives it over HTTP and asks it, over IPC, for heap figures, the stored records and the fault counts.
 */
import type { AddressInfo } from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';
import { createMemoryRepository, type Repository } from 'pagelope';
import { createApp } from '../examples/fastify/app';
import { seedUsers } from '../examples/shared/seed';
import { users, type User } from '../examples/shared/users';
import { createFaultyRepository } from './faulty-repository';
import { openSoakPostgresStore } from './postgres-store';
import type { CommandMessage, ServerConfig, ServerCounts, ServerMessage, StoredRecord } from './protocol';

const config = JSON.parse(process.env.SOAK_SERVER_CONFIG ?? '{}') as ServerConfig;
const send = (message: ServerMessage): void => void process.send?.(message);

const store = config.postgres
  ? await openSoakPostgresStore(config.seedRecords, config.postgres)
  : {
      repository: createMemoryRepository(users, { records: seedUsers(config.seedRecords) }) as Repository<User>,
      description: 'in-memory store',
      poolErrors: { count: 0, messages: [] as string[] },
      close: async () => undefined,
    };
const { repository, counts } = createFaultyRepository(store.repository, {
  rate: config.faultRate,
  seed: config.faultSeed,
});
const app = createApp({ repository, rateLimitMax: config.rateLimitMax, seedRecords: 0 });

// The demo's audit log is an array the app never trims; keep a reference to it (the `GET /audit` payload) so the
// heap can be measured without it. This is the only hook added from outside.
let auditLog: unknown[] | undefined;
app.addHook('preSerialization', async (request, _reply, payload) => {
  if (request.url === '/audit' && Array.isArray(payload)) auditLog = payload;
  return payload;
});

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
send({ kind: 'ready', url: `http://127.0.0.1:${port}`, description: store.description });

async function heapAfterGc(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the server with --expose-gc');
  for (let i = 0; i < 4; i++) {
    gc();
    await tick();
  }
  return process.memoryUsage().heapUsed;
}

/** Every stored record, read from the unwrapped repository one page of 100 at a time. */
async function dump(): Promise<StoredRecord[]> {
  const records: StoredRecord[] = [];
  for (let page = 1; ; page++) {
    const result = await store.repository.list({ page, limit: 100 });
    for (const user of result.items) records.push({ id: user.id, username: user.username });
    if (!result.hasNextPage) return records;
  }
}

async function run(command: CommandMessage['command']): Promise<unknown> {
  switch (command) {
    case 'heap':
      return heapAfterGc();
    case 'dump':
      return dump();
    case 'counts':
      return {
        calls: counts.calls,
        faults: counts.faults,
        poolErrors: store.poolErrors.count,
        poolErrorMessages: store.poolErrors.messages,
      } satisfies ServerCounts;
    case 'clear-audit': {
      const cleared = auditLog?.length ?? -1;
      if (auditLog) auditLog.length = 0;
      return cleared;
    }
    case 'close':
      await app.close();
      await store.close();
      setTimeout(() => process.exit(0), 50);
      return true;
  }
}

process.on('message', (message: CommandMessage) => {
  run(message.command).then(
    (result) => send({ kind: 'reply', id: message.id, result }),
    (error: unknown) => send({ kind: 'reply', id: message.id, error: String(error) }),
  );
});
