import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource } from '../../src/index';

const shape = {
  id: z.string(),
  title: z.string(),
  deletedAt: z.date().nullable(),
  removedOn: z.date().optional(),
  createdAt: z.date(),
  archived: z.string().nullable(),
  version: z.number().int(),
  ratio: z.number(),
  maybe: z.number().int().nullable(),
};
const define = (extra: Record<string, unknown>, schema: z.ZodObject = z.object(shape)) =>
  defineResource({ name: 'things', schema, ...extra } as never);

describe('defineResource: softDelete and version', () => {
  it('accepts a nullable date soft-delete field and an integer version field, and makes both read-only', () => {
    const resource = define({ softDelete: { field: 'deletedAt' }, version: 'version' });
    expect([resource.softDelete, resource.version]).toStrictEqual(['deletedAt', 'version']);
    expect([resource.readOnly.has('deletedAt'), resource.readOnly.has('version')]).toStrictEqual([true, true]);
    expect([define({}).softDelete, define({}).version]).toStrictEqual([undefined, undefined]);
    // An optional date field too: a live record holds null there (tests/routes/optional-soft-delete.test.ts).
    expect(define({ softDelete: { field: 'removedOn' } }).softDelete).toBe('removedOn');
  });

  it.each([
    [{ softDelete: 'deletedAt' }, "softDelete must be { field: '<a nullable or optional date field>' }"],
    [
      { softDelete: { field: 'deletedAt', other: 1 } },
      "softDelete must be { field: '<a nullable or optional date field>' }",
    ],
    [{ softDelete: { field: 'gone' } }, 'softDelete field "gone" is not in the schema'],
    [{ softDelete: { field: 'createdAt' } }, 'softDelete field "createdAt" must be a nullable or optional date'],
    [{ softDelete: { field: 'archived' } }, 'softDelete field "archived" must be a nullable or optional date'],
    [{ version: 1 }, 'version must be the name of an integer field'],
    [{ version: 'gone' }, 'version field "gone" is not in the schema'],
    [{ version: 'ratio' }, 'version field "ratio" must be an integer'],
    [{ version: 'maybe' }, 'version field "maybe" must be an integer'],
    [{ version: 'title' }, 'version field "title" must be an integer'],
    [{ version: 'version', hidden: ['version'] }, 'the version field "version" cannot be hidden'],
  ])('refuses %j', (extra, message) => {
    expect(() => define(extra)).toThrow(TypeError);
    expect(() => define(extra)).toThrow(message);
  });

  it('refuses fields named like the query parameters of a soft-delete resource', () => {
    for (const name of ['deleted', 'permanent']) {
      const schema = z.object({ ...shape, [name]: z.boolean() });
      expect(() => define({ softDelete: { field: 'deletedAt' } }, schema)).toThrow(`field "${name}" collides`);
      expect(() => define({}, schema)).not.toThrow();
    }
  });

  it('refuses the id field as either', () => {
    const schema = z.object({ id: z.number().int(), deletedAt: z.date().nullable() });
    expect(() => define({ version: 'id' }, schema)).toThrow('the id field "id" cannot be the version field');
  });
});
