import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  errorResponse,
  parseCursorQuery,
  parseListQuery,
  toErrorEnvelope,
  type Resource,
} from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const schema = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int().optional(),
  passwordHash: z.string(),
  createdAt: z.date().default(() => new Date(0)),
});
type User = z.output<typeof schema>;

const users = defineResource({
  name: 'users',
  schema,
  clientIds: true,
  readOnly: ['createdAt'],
  hidden: ['passwordHash'],
  filterable: ['name', 'age'],
  sortable: ['name', 'age'],
});

/** A field both hidden and read-only: it must still answer exactly as an unknown field. */
const accounts = defineResource({
  name: 'users',
  schema,
  clientIds: true,
  readOnly: ['passwordHash', 'createdAt'],
  hidden: ['passwordHash'],
  filterable: ['name', 'age'],
  sortable: ['name', 'age'],
});

const SEED: readonly User[] = [
  { id: 'u1', name: 'ada', age: 36, passwordHash: 'h1', createdAt: new Date(1_000) },
  { id: 'u2', name: 'alan', age: 41, passwordHash: 'h2', createdAt: new Date(2_000) },
  { id: 'u3', name: 'grace', passwordHash: 'h3', createdAt: new Date(3_000) },
];

const visible = (user: User): Omit<User, 'passwordHash'> => {
  const copy: Partial<User> = { ...user };
  delete copy.passwordHash;
  return copy as Omit<User, 'passwordHash'>;
};

function setup(resource: Resource<User> = users) {
  const repository = createMemoryRepository(resource, { records: SEED, generateId: () => 'new-id' });
  const service = createResourceService({ resource, repository });
  // A before-hook is trusted: it supplies the hidden, required field on create and replace.
  service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, passwordHash: 'server-hash' }));
  return { repository, service };
}

type Service = ReturnType<typeof setup>['service'];

/** Every service operation, each returning the records of its result. */
const OPERATIONS = [
  {
    op: 'create',
    run: async (s: Service) => [await s.create({ id: 'n1', name: 'hedy' })],
    expected: [{ id: 'n1', name: 'hedy', createdAt: new Date(0) }],
  },
  { op: 'get', run: async (s: Service) => [await s.get('u1')], expected: [visible(SEED[0]!)] },
  { op: 'list', run: async (s: Service) => (await s.list({ limit: 10 })).items, expected: SEED.map(visible) },
  {
    op: 'listByCursor',
    run: async (s: Service) => (await s.listByCursor({ limit: 10 })).items,
    expected: SEED.map(visible),
  },
  {
    op: 'update',
    run: async (s: Service) => [await s.update('u1', { age: 37 })],
    expected: [{ ...visible(SEED[0]!), age: 37 }],
  },
  {
    op: 'replace',
    run: async (s: Service) => [await s.replace('u2', { name: 'turing' })],
    expected: [{ id: 'u2', name: 'turing', createdAt: new Date(2_000) }],
  },
  { op: 'delete', run: async (s: Service) => [await s.delete('u3')], expected: [visible(SEED[2]!)] },
] as const;

describe('createResourceService', () => {
  describe('hidden fields', () => {
    it.each(OPERATIONS)('returns $op results without the hidden field', async ({ run, expected }) => {
      const { service } = setup();
      const records = await run(service);
      expect(records).toStrictEqual(expected);
      for (const record of records) expect(Object.keys(record)).not.toContain('passwordHash');
    });

    it.each(OPERATIONS)('returns $op results without the hidden field a stored record keeps', async ({ op, run }) => {
      const { service, repository } = setup();
      await run(service);
      const stored = (await repository.list({ limit: 10 })).items;
      // The repository (programmatic use) still returns whole records, and the service never strips the store.
      const expectedHashes =
        op === 'create' ? ['server-hash', 'h1', 'h2', 'h3'] : op === 'delete' ? ['h1', 'h2'] : ['h1', 'h2', 'h3'];
      expect(stored.map((user) => user.passwordHash).sort()).toStrictEqual([...expectedHashes].sort());
    });

    it('returns whole records from the repository itself', async () => {
      const { repository } = setup();
      expect(await repository.get('u1')).toStrictEqual(SEED[0]);
      expect((await repository.list()).items).toStrictEqual(SEED);
      expect((await repository.listByCursor()).items).toStrictEqual(SEED);
    });

    it('calls after-hook handlers with whole records, which stay whole after the service strips its result', async () => {
      const { service } = setup();
      const seen: unknown[] = [];
      service.hooks.on('onAfterCreate', ({ entity }) => void seen.push(entity));
      service.hooks.on('onAfterGet', ({ entity }) => void seen.push(entity));
      service.hooks.on('onAfterList', ({ result }) => void seen.push(...result.items));
      service.hooks.on('onAfterListByCursor', ({ result }) => void seen.push(...result.items));
      service.hooks.on('onAfterUpdate', ({ entity }) => void seen.push(entity));
      service.hooks.on('onAfterReplace', ({ entity }) => void seen.push(entity));
      service.hooks.on('onAfterDelete', ({ entity }) => void seen.push(entity));
      await service.create({ id: 'n1', name: 'hedy' });
      await service.get('u1');
      await service.list({ where: { id: 'u2' } });
      await service.listByCursor({ where: { id: 'u2' } });
      await service.update('u1', { age: 37 });
      await service.replace('u2', { name: 'turing' });
      await service.delete('u3');
      expect(seen.map((record) => (record as User).passwordHash)).toStrictEqual([
        'server-hash',
        'h1',
        'h2',
        'h2',
        'h1',
        'h2',
        'h3',
      ]);
    });

    it('calls before-hook handlers of update and replace with the client input, never a stored hidden value', async () => {
      const { service } = setup();
      const seen: unknown[] = [];
      service.hooks.on('onBeforeUpdate', ({ patch }) => void seen.push(patch));
      service.hooks.on('onBeforeReplace', ({ body }) => void seen.push(body));
      await service.update('u1', { age: 37 });
      await service.replace('u2', { name: 'turing' });
      expect(seen).toStrictEqual([{ age: 37 }, { name: 'turing' }]);
    });

    describe('when an after-hook returns a replacement holding the hidden field', () => {
      const leak = { id: 'x', name: 'leak', passwordHash: 'leaked', createdAt: new Date(9) };
      const stripped = { id: 'x', name: 'leak', createdAt: new Date(9) };

      it.each([
        { op: 'create', event: 'onAfterCreate', run: (s: Service) => s.create({ id: 'n1', name: 'hedy' }) },
        { op: 'get', event: 'onAfterGet', run: (s: Service) => s.get('u1') },
        { op: 'update', event: 'onAfterUpdate', run: (s: Service) => s.update('u1', { age: 1 }) },
        { op: 'replace', event: 'onAfterReplace', run: (s: Service) => s.replace('u1', { name: 'n' }) },
        { op: 'delete', event: 'onAfterDelete', run: (s: Service) => s.delete('u1') },
      ] as const)('returns the $op replacement without it', async ({ event, run }) => {
        const { service } = setup();
        service.hooks.on(event, () => ({ ...leak }));
        expect(await run(service)).toStrictEqual(stripped);
      });

      it('returns the list replacement items without it', async () => {
        const { service } = setup();
        service.hooks.on('onAfterList', ({ result }) => ({ ...result, items: [leak, { ...leak, id: 'y' }] }));
        const page = await service.list();
        expect(page.items).toStrictEqual([stripped, { ...stripped, id: 'y' }]);
        expect(page.total).toBe(3);
      });

      it('returns the cursor replacement items without it', async () => {
        const { service } = setup();
        service.hooks.on('onAfterListByCursor', ({ result }) => ({ ...result, items: [leak] }));
        const page = await service.listByCursor({ limit: 1 });
        expect(page.items).toStrictEqual([stripped]);
        expect(page.nextCursor).toEqual(expect.any(String));
      });
    });

    // Server code may order by any field (programmatic input is trusted), but the cursor it hands out goes to the
    // client: it must not carry the hidden values of the last item in readable form. Refusing the order is as good.
    it.each([
      { name: 'a before-hook', query: { limit: 1 }, hook: true },
      {
        name: 'a programmatic query',
        query: { limit: 1, orderBy: [{ field: 'passwordHash', direction: 'asc' }] },
        hook: false,
      },
    ] as const)(
      'returns no cursor carrying a hidden value when $name orders by the hidden field',
      async ({ query, hook }) => {
        const { service } = setup();
        if (hook) {
          service.hooks.on('onBeforeListByCursor', ({ query: q }) => ({
            ...q,
            orderBy: [{ field: 'passwordHash', direction: 'asc' }],
          }));
        }
        let page;
        try {
          page = await service.listByCursor(query);
        } catch (error) {
          // Refusing to order a client-facing listing by a hidden field leaks nothing either.
          expect(error).toBeInstanceOf(Error);
          return;
        }
        expect(page.items).toStrictEqual([visible(SEED[0]!)]);
        expect(page.nextCursor).toEqual(expect.any(String));
        const decoded = Buffer.from(page.nextCursor!, 'base64url').toString('utf8');
        // The memory cursor is base64url JSON of the sort values; the hidden value must not be one of them.
        expect(decoded).not.toContain('"h1"');
      },
    );
  });

  describe('select', () => {
    const MESSAGE = ['select: "passwordHash" is not a field'];
    const messageOf = async (run: () => unknown) => {
      const error = await rejectionOf(run);
      expect(error).toMatchObject({ statusCode: 400 });
      return (error as { message: unknown }).message;
    };

    it('returns from list and listByCursor only the id and the selected fields, with the total unchanged', async () => {
      const { service } = setup();
      const page = await service.list({ select: ['name'], limit: 2 });
      expect(page).toMatchObject({ total: 3, totalPages: 2 });
      expect(page.items).toStrictEqual([
        { id: 'u1', name: 'ada' },
        { id: 'u2', name: 'alan' },
      ]);
      const cursorPage = await service.listByCursor({ select: ['age'], limit: 2 });
      expect(cursorPage.items).toStrictEqual([
        { id: 'u1', age: 36 },
        { id: 'u2', age: 41 },
      ]);
      const next = await service.listByCursor({ select: ['age'], limit: 2, cursor: cursorPage.nextCursor });
      expect(next).toStrictEqual({ items: [{ id: 'u3' }], nextCursor: null });
    });

    it.each([
      { name: 'list', run: (s: Service, query: object) => s.list(query as never) },
      { name: 'listByCursor', run: (s: Service, query: object) => s.listByCursor(query as never) },
    ])("throws from $name the parser's 400 for a selection naming the hidden field", async ({ run }) => {
      const { service } = setup();
      expect(await messageOf(() => run(service, { select: ['passwordHash'] }))).toStrictEqual(MESSAGE);
      expect(await messageOf(() => parseListQuery('select=passwordHash', users))).toStrictEqual(MESSAGE);
      expect(await messageOf(() => run(service, { select: ['name', 'passwordHash', 'nope'] }))).toStrictEqual([
        ...MESSAGE,
        'select: "nope" is not a field',
      ]);
    });

    it.each([
      { name: 'list', event: 'onBeforeList' as const, run: (s: Service) => s.list() },
      { name: 'listByCursor', event: 'onBeforeListByCursor' as const, run: (s: Service) => s.listByCursor() },
    ])('throws from $name the same 400 when a before-hook selects the hidden field', async ({ event, run }) => {
      const { service, repository } = setup();
      // Both events take a query and return one; the cast picks one of them for the handler's type.
      service.hooks.on(event as 'onBeforeList', ({ query }) => ({ ...query, select: ['passwordHash'] as const }));
      expect(await messageOf(() => run(service))).toStrictEqual(MESSAGE);
      // The repository is server code: it may select any field.
      expect((await repository.list({ select: ['passwordHash'] })).items[0]).toStrictEqual({
        id: 'u1',
        passwordHash: 'h1',
      });
    });

    it('removes the hidden field from selected items an after-hook puts it back into', async () => {
      const { service } = setup();
      service.hooks.on('onAfterList', ({ result }) => ({
        ...result,
        items: result.items.map((item) => ({ ...item, passwordHash: 'leaked' })),
      }));
      expect((await service.list({ select: ['name'], limit: 1 })).items).toStrictEqual([{ id: 'u1', name: 'ada' }]);
    });
  });

  describe('a hidden field answers exactly as a field that does not exist', () => {
    const HIDDEN = 'passwordHash';
    const ABSENT = 'passwordHasx';

    /** The error response with the probed name, timestamp and correlation id normalised, as JSON. */
    function normalized(error: unknown, name: string): string {
      const response = errorResponse(error, { headers: { 'x-correlation-id': `probe-${name}` }, now: () => 1 });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.body)).toContain(name);
      const envelope = toErrorEnvelope(error, { correlationId: `probe-${name}`, now: () => 1 });
      expect(envelope).toStrictEqual(response.body);
      const { 'x-correlation-id': correlationHeader, ...headers } = response.headers;
      expect(correlationHeader).toBe(`probe-${name}`);
      const body = { ...response.body, timestamp: 0, correlationID: '{id}' };
      return JSON.stringify({ status: response.statusCode, headers, body }).split(name).join('{field}');
    }

    async function expectSameAnswer(probe: (field: string) => unknown): Promise<void> {
      expect(HIDDEN.length).toBe(ABSENT.length);
      const hidden = await rejectionOf(() => probe(HIDDEN));
      const absent = await rejectionOf(() => probe(ABSENT));
      expect(normalized(hidden, HIDDEN)).toBe(normalized(absent, ABSENT));
    }

    it.each([
      { name: 'an equality filter', query: '{f}=x' },
      { name: 'an empty filter value', query: '{f}=' },
      { name: 'a filter beside a valid one', query: 'name=ada&{f}=x' },
      { name: 'the operator form', query: '{f}[operator]=eq&{f}[value]=x' },
      { name: 'the operator form with a list', query: '{f}[operator]=in&{f}[values]=a,b' },
      { name: 'the shorthand form', query: '{f}[eq]=x' },
      { name: 'the shorthand form of a text operator', query: '{f}[cont]=x' },
      { name: 'the shorthand form of a null operator', query: '{f}[isnull]=true' },
      { name: 'a percent-encoded shorthand', query: '{f}%5Beq%5D=x' },
      { name: 'a repeated filter', query: '{f}=x&{f}=y' },
      { name: 'a where parameter', query: 'where[{f}][eq]=x' },
      { name: 'a sort', query: 'orderBy={f}' },
      { name: 'a descending sort', query: 'orderBy={f}&orderDirection=DESC' },
      { name: 'a sort after a valid field', query: 'orderBy=name,{f}&orderDirection=asc,desc' },
      { name: 'a sort naming it twice', query: 'orderBy={f},{f}' },
      { name: 'a filter and a sort', query: '{f}=x&orderBy={f}' },
      { name: 'a selection', query: 'select={f}' },
      { name: 'a selection after a valid field', query: 'select=name,{f}' },
      { name: 'a selection and a filter', query: '{f}=x&select={f}' },
    ])('throws the same 400 for $name in a page and a cursor query', async ({ query }) => {
      for (const parse of [parseListQuery, parseCursorQuery]) {
        await expectSameAnswer((field) => parse(query.split('{f}').join(field), users));
        await expectSameAnswer((field) => parse(query.split('{f}').join(field), accounts));
      }
    });

    it.each([
      { name: 'list', run: (s: Service, select: string[]) => s.list({ select } as never) },
      { name: 'listByCursor', run: (s: Service, select: string[]) => s.listByCursor({ select } as never) },
    ])('throws the same 400 for a programmatic selection naming it on $name', async ({ run }) => {
      for (const resource of [users, accounts]) {
        const { service } = setup(resource);
        await expectSameAnswer((field) => run(service, [field]));
        await expectSameAnswer((field) => run(service, ['name', field]));
        await expectSameAnswer((field) => run(service, [field, 'nickname']));
      }
    });

    it.each([
      { name: 'create', run: (s: Service, body: object) => s.create({ name: 'x', ...body }) },
      { name: 'update', run: (s: Service, body: object) => s.update('u1', body) },
      { name: 'replace', run: (s: Service, body: object) => s.replace('u1', { name: 'x', ...body }) },
      { name: 'update of a missing id', run: (s: Service, body: object) => s.update('nope', body) },
    ])('throws the same 400 for a body naming it on $name', async ({ run }) => {
      for (const resource of [users, accounts]) {
        const { service } = setup(resource);
        await expectSameAnswer((field) => run(service, { [field]: 'x' }));
        await expectSameAnswer((field) => run(service, { [field]: null }));
        await expectSameAnswer((field) => run(service, { [field]: 'x', age: 'old', nickname: 1 }));
        await expectSameAnswer((field) => run(service, JSON.parse(`{"__proto__":1,"${field}":2,"createdAt":3}`)));
      }
    });

    it.each([
      { name: 'create', run: (s: Service, body: object) => s.create({ id: 'n1', name: 'x', ...body }) },
      { name: 'update', run: (s: Service, body: object) => s.update('u1', body) },
      { name: 'replace', run: (s: Service, body: object) => s.replace('u1', { name: 'x', ...body }) },
    ])("returns the same record for a body naming it on $name under unknownFields 'strip'", async ({ run }) => {
      const strip = defineResource({
        name: 'users',
        schema,
        clientIds: true,
        hidden: ['passwordHash'],
        unknownFields: 'strip',
      });
      const results = [];
      for (const field of [HIDDEN, ABSENT]) {
        const { service, repository } = setup(strip);
        results.push({ result: await run(service, { [field]: 'x' }), stored: await repository.list() });
      }
      expect(results[0]).toStrictEqual(results[1]);
      expect(results[0]?.result).not.toHaveProperty('passwordHash');
    });
  });
});
