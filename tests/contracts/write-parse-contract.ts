/**
 * The parse-once contract of the resource service's writes on every repository adapter: through the service, a
 * create, an update (PATCH) or a replace parses each field's value once (the body checks parse it, the final
 * validation and the repository take it as it is), a value a before-hook puts in is parsed once too, and the names of
 * the body's keys are checked for safety once. The field schemas count their own parses (a `refine` that counts, and
 * an `overwrite` that appends `!`, which a second parse would append again); `isUnsafeKey` and `Object.hasOwn` (the
 * repository's probe for `__proto__`, `constructor` and `prototype`) are spied on. Call
 * `describeWriteParseContract(name, makeRepository)` from an adapter's test file.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createResourceService, defineResource, isHttpError, type ResourceService } from '../../src/index';
import * as internal from '../../src/internal/index';
import type { RepositoryFactory as MakeRepository } from 'pagelope/testing';
import { rejectionOf } from '../support/rejection-of';

type Field = 'name' | 'age' | 'tag' | 'joined';

/** A resource whose field schemas count how often each is parsed; `tag` gains a `!` per parse. */
function countingResource() {
  const parses: Record<Field, number> = { name: 0, age: 0, tag: 0, joined: 0 };
  const counted = (field: Field) => () => {
    parses[field] += 1;
    return true;
  };
  const schema = z.object({
    id: z.string(),
    name: z.string().min(1).refine(counted('name')),
    age: z.number().int().refine(counted('age')).optional(),
    tag: z
      .string()
      .refine(counted('tag'))
      .overwrite((value) => `${value}!`)
      .optional(),
    joined: z.coerce.date().refine(counted('joined')).optional(),
  });
  const resource = defineResource({ name: 'counted', schema });
  const reset = () => {
    for (const field of Object.keys(parses) as Field[]) parses[field] = 0;
  };
  return { resource, parses, reset };
}

type Counted = ReturnType<typeof countingResource>['resource'];
type Record_ = z.output<Counted['schema']>;
const SEED_JOINED = new Date('2001-02-03T00:00:00.000Z');
const SEED: readonly Record_[] = [{ id: 'a1', name: 'ada', age: 36, tag: 'seed', joined: SEED_JOINED }];
const JOINED = '2020-01-02T03:04:05.000Z';
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** Declares the parse-once tests of the service on repositories `makeRepository` builds. */
export function describeWriteParseContract(name: string, makeRepository: MakeRepository): void {
  describe(`${name}: each write parses each field once`, () => {
    const { resource, parses, reset } = countingResource();
    let service: ResourceService<Record_>;

    beforeEach(async () => {
      const repository = await makeRepository(resource, SEED);
      service = createResourceService({ resource, repository });
      reset();
    });
    const spies: { mockRestore(): void }[] = [];
    /** Spies on `isUnsafeKey` (as the resource module calls it) and `Object.hasOwn`, both restored after the test. */
    const spyOnScans = () => {
      const unsafeChecks = vi.spyOn(internal, 'isUnsafeKey');
      const hasOwn = vi.spyOn(Object, 'hasOwn');
      spies.push(unsafeChecks, hasOwn);
      return { unsafeChecks, hasOwn };
    };
    afterEach(() => {
      for (const spy of spies.splice(0)) spy.mockRestore();
    });

    it('parses each field of a create once', async () => {
      const created = await service.create({ name: 'bob', age: 7, tag: 'x', joined: JOINED });
      expect(parses).toEqual({ name: 1, age: 1, tag: 1, joined: 1 });
      expect(created).toEqual({ id: expect.any(String), name: 'bob', age: 7, tag: 'x!', joined: new Date(JOINED) });
    });

    it('parses each field of an update (PATCH) once, and the fields it leaves out not at all', async () => {
      const updated = await service.update('a1', { name: 'eve', tag: 'y' });
      expect(parses).toEqual({ name: 1, age: 0, tag: 1, joined: 0 });
      expect(updated).toEqual({ id: 'a1', name: 'eve', age: 36, tag: 'y!', joined: SEED_JOINED });
    });

    it('parses each field of a replace once', async () => {
      const replaced = await service.replace('a1', { name: 'eve', tag: 'z', joined: JOINED });
      expect(parses).toEqual({ name: 1, age: 0, tag: 1, joined: 1 });
      expect(replaced).toEqual({ id: 'a1', name: 'eve', tag: 'z!', joined: new Date(JOINED) });
    });

    it('parses a field an onBeforeUpdate handler adds once, and the body fields it keeps not again', async () => {
      service.hooks.on('onBeforeUpdate', ({ patch }) => ({ ...patch, age: 40, tag: 'h' }));
      const updated = await service.update('a1', { name: 'eve' });
      expect(parses).toEqual({ name: 1, age: 1, tag: 1, joined: 0 });
      expect(updated).toEqual({ id: 'a1', name: 'eve', age: 40, tag: 'h!', joined: SEED_JOINED });
    });

    it('parses the value an onBeforeCreate handler puts in place of a parsed one, once', async () => {
      service.hooks.on('onBeforeCreate', ({ body }) => ({ ...body, name: 'hooked' }));
      const created = await service.create({ name: 'bob', tag: 't' });
      // The client's name parsed by the body checks, the handler's by the final validation: each value once.
      expect(parses).toEqual({ name: 2, age: 0, tag: 1, joined: 0 });
      expect(created).toMatchObject({ name: 'hooked', tag: 't!' });
    });

    it('refuses a value an onBeforeReplace handler sets in place, which the schema rejects', async () => {
      service.hooks.on('onBeforeReplace', ({ body }) => {
        (body as { name: string }).name = '';
      });
      const error = await rejectionOf(service.replace('a1', { name: 'eve' }));
      expect(isHttpError(error) && [error.statusCode, error.message]).toEqual([
        400,
        ['name: Too small: expected string to have >=1 characters'],
      ]);
    });

    it.each([
      { write: 'create', call: (body: object) => service.create(body) },
      { write: 'update', call: (body: object) => service.update('a1', body) },
      { write: 'replace', call: (body: object) => service.replace('a1', body) },
    ])(
      'checks the name of each key of a $write once, and never probes the validated record again',
      async ({ call }) => {
        const { unsafeChecks, hasOwn } = spyOnScans();
        await call({ name: 'eve', age: 1 });
        expect(unsafeChecks.mock.calls).toEqual([['name'], ['age']]);
        expect(hasOwn.mock.calls.filter(([, key]) => typeof key === 'string' && UNSAFE.has(key))).toEqual([]);
      },
    );

    it('checks the names of the keys a before-hook adds, once', async () => {
      const { unsafeChecks } = spyOnScans();
      service.hooks.on('onBeforeUpdate', ({ patch }) => ({ ...patch, age: 2 }));
      await service.update('a1', { name: 'eve' });
      expect(unsafeChecks.mock.calls).toEqual([['name'], ['age']]);
    });
  });
}
