/**
 * Types of `Resource['schema']`: defineResource keeps the type of its zod schema, so `z.output<typeof r.schema>` is the
 * record type (docs/hooks-and-service.md's `type Account = z.output<typeof accounts.schema>`), while `Resource<TRecord>`
 * annotations and the functions taking a resource accept what they did.
 */
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  parseListQuery,
  type ListQuery,
  type Repository,
  type Resource,
} from 'pagelope';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

// One schema per row of what zod's output and input types make different: defaults, optional and nullable fields,
// transforms, enums, dates, nested objects, and field names that are awkward as keys.
const plain = defineResource({ name: 'plain', schema: z.object({ id: z.string(), title: z.string() }) });
const defaulted = defineResource({
  name: 'defaulted',
  schema: z.object({ id: z.string(), count: z.number().int().default(0), tags: z.array(z.string()).default([]) }),
});
const optional = defineResource({
  name: 'optional',
  schema: z.object({ id: z.string(), bio: z.string().optional(), deletedAt: z.date().nullable() }),
});
const transformed = defineResource({
  name: 'transformed',
  schema: z.object({ id: z.string(), length: z.string().transform((text) => text.length) }),
});
const enumerated = defineResource({
  name: 'enumerated',
  schema: z.object({ id: z.string(), role: z.enum(['admin', 'member']), createdAt: z.coerce.date() }),
});
const nested = defineResource({
  name: 'nested',
  schema: z.object({ id: z.string(), address: z.object({ city: z.string() }).nullable() }),
});
const unicode = defineResource({
  name: 'unicode',
  idField: 'clé',
  schema: z.object({ clé: z.string(), $dollar: z.boolean(), _under: z.number() }),
});

interface Locals {
  readonly user: string;
}

describe('defineResource', () => {
  it('keeps the schema type, so z.output of the schema is the record type, not any', () => {
    expectTypeOf<z.output<typeof plain.schema>>().toEqualTypeOf<{ id: string; title: string }>();
    expectTypeOf<z.output<typeof defaulted.schema>>().toEqualTypeOf<{ id: string; count: number; tags: string[] }>();
    expectTypeOf<z.output<typeof optional.schema>>().toEqualTypeOf<{
      id: string;
      bio?: string | undefined;
      deletedAt: Date | null;
    }>();
    expectTypeOf<z.output<typeof transformed.schema>>().toEqualTypeOf<{ id: string; length: number }>();
    expectTypeOf<z.output<typeof enumerated.schema>>().toEqualTypeOf<{
      id: string;
      role: 'admin' | 'member';
      createdAt: Date;
    }>();
    expectTypeOf<z.output<typeof nested.schema>>().toEqualTypeOf<{ id: string; address: { city: string } | null }>();
    expectTypeOf<z.output<typeof unicode.schema>>().toEqualTypeOf<{ clé: string; $dollar: boolean; _under: number }>();
    for (const resource of [plain, defaulted, optional, transformed, enumerated, nested, unicode]) {
      expectTypeOf(resource.schema).not.toBeAny();
    }
    expectTypeOf<z.output<typeof plain.schema>>().not.toBeAny();
    expectTypeOf<z.output<typeof plain.schema>>().not.toEqualTypeOf<Record<string, unknown>>();
  });

  it('types the schema as the output record, not the input (defaults make them differ)', () => {
    expectTypeOf<z.input<typeof defaulted.schema>>().not.toEqualTypeOf<z.output<typeof defaulted.schema>>();
    expectTypeOf<z.input<typeof transformed.schema>>().toEqualTypeOf<{ id: string; length: string }>();
  });

  it('makes z.output of the schema the record type the resource carries everywhere else', () => {
    type Record_<TResource> = TResource extends Resource<infer TRecord, z.ZodObject> ? TRecord : never;
    expectTypeOf<z.output<typeof plain.schema>>().toEqualTypeOf<Record_<typeof plain>>();
    expectTypeOf<z.output<typeof defaulted.schema>>().toEqualTypeOf<Record_<typeof defaulted>>();
    expectTypeOf<z.output<typeof optional.schema>>().toEqualTypeOf<Record_<typeof optional>>();
    expectTypeOf<z.output<typeof transformed.schema>>().toEqualTypeOf<Record_<typeof transformed>>();
    expectTypeOf<z.output<typeof unicode.schema>>().toEqualTypeOf<Record_<typeof unicode>>();
    expectTypeOf(unicode.idField).toEqualTypeOf<'clé' | '$dollar' | '_under'>();
  });

  it('reads the schema shape by field name', () => {
    expectTypeOf(plain.schema.shape.title).toEqualTypeOf<z.ZodString>();
    // @ts-expect-error the schema has no field 'author'
    void plain.schema.shape.author;
  });
});

describe('Resource<TRecord>', () => {
  type Plain = z.output<typeof plain.schema>;

  it('keeps z.ZodObject as the schema of the one-argument form', () => {
    expectTypeOf<Resource<Plain>['schema']>().toEqualTypeOf<z.ZodObject>();
    expectTypeOf<Resource['schema']>().toEqualTypeOf<z.ZodObject>();
    expectTypeOf<Resource<Plain>>().toEqualTypeOf<Resource<Plain, z.ZodObject>>();
    expectTypeOf<z.output<Resource['schema']>>().toEqualTypeOf<Record<string, unknown>>();
  });

  it('accepts a resource of a schema, as an annotation and as a parameter', () => {
    const annotated: Resource<Plain> = plain;
    expectTypeOf(plain).toExtend<Resource<Plain>>();
    expectTypeOf(defaulted).toExtend<Resource<z.output<typeof defaulted.schema>>>();
    expectTypeOf(annotated.schema).toEqualTypeOf<z.ZodObject>();
    const recordOf = <TRecord>(resource: Resource<TRecord>): TRecord => resource['~record'] as TRecord;
    expectTypeOf(recordOf(plain)).toEqualTypeOf<Plain>();
    expectTypeOf(recordOf(optional)).toEqualTypeOf<z.output<typeof optional.schema>>();
    expectTypeOf(createMemoryRepository(plain)).toEqualTypeOf<Repository<Plain>>();
    expectTypeOf(parseListQuery({}, plain)).toEqualTypeOf<ListQuery<Plain>>();
  });

  it("takes docs/hooks-and-service.md's pattern: the record type from the schema, then the service", () => {
    type Defaulted = z.output<typeof defaulted.schema>;
    const service = createResourceService<Defaulted, Locals>({
      resource: defaulted,
      repository: createMemoryRepository(defaulted),
      scope: (context) => {
        expectTypeOf(context.resource).toEqualTypeOf<Resource<Defaulted>>();
        return { id: context.locals.user };
      },
    });
    expectTypeOf(service.create({})).resolves.toEqualTypeOf<Defaulted>();
    expectTypeOf(service.create({})).resolves.not.toBeAny();
  });

  it('rejects a schema that is not a zod object, and a resource of another record', () => {
    // @ts-expect-error the schema of a resource is a zod object schema
    expectTypeOf<Resource<Plain, z.ZodString>>().not.toBeAny();
    // @ts-expect-error a resource of other fields is not a Resource of Plain
    const other: Resource<Plain> = unicode;
    void other;
    const wrong = { resource: plain, repository: createMemoryRepository(plain) };
    // @ts-expect-error the record type given to the service is the resource's
    createResourceService<{ id: string; nope: number }, Locals>(wrong);
  });
});
