import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  defineRoutes,
  toOpenApi,
  type OpenApiDocument,
} from 'pagelope';
import { createBookRoutes } from './books-routes';
import { authors, createBoundRelationRoutes, createRelationRoutes, relationBooks } from './relation-routes';

type Json = Record<string, any>;

const info = { title: 'Relations', version: '1.0.0' };
const document = toOpenApi(createRelationRoutes(), { info });
const booksOnly = toOpenApi(createRelationRoutes()[0]!, { info });
const operation = (doc: OpenApiDocument, path: string, method: string): Json =>
  (doc.paths[path] as Json)[method] as Json;
const parameters = (op: Json): Json[] => op['parameters'] as Json[];
const parameter = (op: Json, name: string): Json | undefined => parameters(op).find((p) => p['name'] === name);
const names = (op: Json): string[] => parameters(op).flatMap((p) => (typeof p['name'] === 'string' ? [p['name']] : []));
const schema = (doc: OpenApiDocument, name: string): Json => doc.components.schemas[name] as Json;

describe('toOpenApi (relations)', () => {
  it.each(['/books', '/books/cursor', '/books/{id}'])(
    'documents include and counts on %s as comma-separated enum arrays (form, explode false)',
    (path) => {
      const op = operation(document, path, 'get');
      expect(parameter(op, 'include')).toMatchObject({
        in: 'query',
        required: false,
        style: 'form',
        explode: false,
        schema: {
          type: 'array',
          items: { type: 'string', enum: ['author', 'reviews'] },
          minItems: 1,
          maxItems: 2,
          uniqueItems: true,
        },
      });
      expect(parameter(op, 'counts')).toMatchObject({
        style: 'form',
        explode: false,
        schema: { type: 'array', items: { type: 'string', enum: ['reviews'] }, maxItems: 1, uniqueItems: true },
      });
      expect(parameter(op, 'include')!['description']).toMatch(/up to 5 `reviews` records/);
    },
  );

  it('documents no include or counts on writes, nor on resources without such relations', () => {
    for (const [path, method] of [
      ['/books', 'post'],
      ['/books/{id}', 'patch'],
      ['/books/{id}', 'delete'],
    ] as const) {
      expect(names(operation(document, path, method))).not.toContain('include');
    }
    // authors: books are includable, nothing is countable.
    const authorList = operation(document, '/authors', 'get');
    expect(parameter(authorList, 'include')!['schema'].items.enum).toEqual(['books']);
    expect(parameter(authorList, 'counts')).toBeUndefined();
    const plain = toOpenApi(createBookRoutes(), { info });
    for (const path of ['/library/books', '/library/books/cursor', '/library/books/{id}']) {
      const list = names(operation(plain, path, 'get'));
      expect(list.filter((name) => ['include', 'counts'].includes(name) || name.includes('.'))).toEqual([]);
    }
  });

  it.each(['/books', '/books/cursor'])(
    'documents each allowed relation path and operator on %s as field filters are, typed by the related field',
    (path) => {
      const op = operation(document, path, 'get');
      const relationFilters = names(op).filter((name) => name.includes('.'));
      expect(relationFilters).toEqual([
        ...['cont', 'in', 'operator', 'value', 'values'].map((sub) => `author.fullName[${sub}]`),
        ...['gte', 'operator', 'value', 'values'].map((sub) => `author.born[${sub}]`),
        ...['gte', 'operator', 'value', 'values'].map((sub) => `reviews.rating[${sub}]`),
      ]);
      expect(parameter(op, 'author.fullName[cont]')).toMatchObject({
        in: 'query',
        required: false,
        schema: { type: 'string', maxLength: 1024 },
      });
      expect(parameter(op, 'author.fullName[in]')).toMatchObject({
        style: 'form',
        explode: true,
        schema: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 100 },
      });
      expect(parameter(op, 'author.born[gte]')!['schema']).toMatchObject({ type: 'number' });
      expect(parameter(op, 'reviews.rating[operator]')!['schema']).toMatchObject({ type: 'string', enum: ['gte'] });
      expect(parameter(op, 'reviews.rating[operator]')!['schema'].description).toMatch(/same `reviews` record/);
      expect(parameter(op, 'author.born[operator]')!['schema'].description).toMatch(/(number, nullable)/);
    },
  );

  it('documents reviews[match] as any, all or none for the to-many relations with filters only', () => {
    const op = operation(document, '/books', 'get');
    expect(parameter(op, 'reviews[match]')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['any', 'all', 'none'], default: 'any' },
    });
    expect(parameter(op, 'author[match]')).toBeUndefined();
    // authors.books has no filterable path: no books[match].
    expect(parameter(operation(document, '/authors', 'get'), 'books[match]')).toBeUndefined();
  });

  it('documents the relation paths as keys of the or groups', () => {
    const or = parameter(operation(document, '/books', 'get'), 'or')!;
    const fields = or['schema'].contentSchema.items.properties as Json;
    expect(Object.keys(fields)).toEqual(['title', 'author.fullName', 'author.born', 'reviews.rating']);
    expect(Object.keys(fields['author.fullName'].properties)).toEqual(['cont', 'in']);
    expect(or['description']).toMatch(/relation path is a key/);
  });

  it('documents the sortable to-one paths in the orderBy pattern', () => {
    for (const path of ['/books', '/books/cursor']) {
      const orderBy = parameter(operation(document, path, 'get'), 'orderBy')!;
      const pattern = new RegExp(orderBy['schema'].pattern as string);
      for (const ok of ['author.fullName', 'title,author.fullName', 'author.fullName,id']) expect(ok).toMatch(pattern);
      for (const bad of ['author.born', 'authorXfullName', 'author', 'reviews.rating', 'author.secret'])
        expect(bad).not.toMatch(pattern);
      expect(orderBy['description']).toMatch(/`author.fullName`.*last ascending, first descending/);
    }
  });

  it('describes the embeds on the record: the related component or null, a capped array, _count', () => {
    const book = schema(document, 'Book');
    expect(book['properties'].author).toMatchObject({
      anyOf: [{ $ref: '#/components/schemas/Author' }, { type: 'null' }],
    });
    expect(book['properties'].reviews).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/Review' },
      maxItems: 5,
    });
    expect(book['properties']._count).toMatchObject({
      type: 'object',
      properties: { reviews: { type: 'integer', minimum: 0 } },
      additionalProperties: false,
    });
    for (const key of ['author', 'reviews', '_count']) expect(book['required']).not.toContain(key);
    // The trimmed record of select carries them too.
    expect(Object.keys(schema(document, 'BookSelected')['properties'])).toEqual(
      expect.arrayContaining(['author', 'reviews', '_count']),
    );
  });

  it('reuses the related resource’s record component, without its hidden fields, and adds it when undocumented', () => {
    const author = schema(document, 'Author');
    expect(Object.keys(author['properties'])).toEqual(['id', 'fullName', 'born', 'books']);
    // Reviews have no routes here: their record component is added, visible fields only.
    expect(Object.keys(schema(document, 'Review')['properties'])).toEqual(['id', 'bookId', 'rating', 'text']);
    expect(document.components.schemas['ReviewPage']).toBeUndefined();
    // Without the authors' routes, Author is the plain record (no embeds of its own).
    expect(Object.keys(schema(booksOnly, 'Author')['properties'])).toEqual(['id', 'fullName', 'born']);
    expect(booksOnly.tags.map((tag) => tag.name)).toEqual(['books']);
  });

  it('throws a TypeError when a related resource’s name is taken by another schema', () => {
    const other = defineResource({ name: 'reviews', schema: z.object({ id: z.string(), x: z.string() }) });
    const routes = defineRoutes(createResourceService({ resource: other, repository: createMemoryRepository(other) }));
    expect(() => toOpenApi([createRelationRoutes()[0]!, routes], { info })).toThrow(
      /related resource "reviews" gives the schema name Review/,
    );
  });
});

describe("toOpenApi (relations) against the routes' own answers", () => {
  it('validates a record with embeds and counts, and refuses a hidden related field or too many children', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const check = ajv.getSchema('doc#/components/schemas/Book')!;
    const review = (n: number) => ({ id: `r${n}`, bookId: 'b1', rating: 4, text: 'ok' });
    const item = {
      id: 'b1',
      title: 'T',
      authorId: 'a1',
      author: { id: 'a1', fullName: 'Ann', born: null },
      reviews: [review(1), review(2)],
      _count: { reviews: 2 },
    };
    expect(check(item)).toBe(true);
    expect(check({ ...item, author: null, reviews: [] })).toBe(true);
    expect(check({ ...item, author: { ...item.author, secret: 'x' } })).toBe(false);
    expect(check({ ...item, reviews: [1, 2, 3, 4, 5, 6].map(review) })).toBe(false);
    expect(check({ ...item, _count: { reviews: -1 } })).toBe(false);
    expect(check({ ...item, _count: { author: 1 } })).toBe(false);
  });

  it('answers include, counts and relation filters with pages and records that validate against the document', async () => {
    const routes = createBoundRelationRoutes();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components }, 'doc');
    const check = (name: string, value: unknown) => {
      const validate = ajv.getSchema(`doc#/components/schemas/${name}`)!;
      return validate(JSON.parse(JSON.stringify(value))) ? [] : validate.errors;
    };
    const route = (type: string) => routes.routes.find((each) => each.type === type)!;
    const call = async (type: string, query: string, id?: string) =>
      route(type).handle({ params: { id }, query, body: undefined, headers: {} });
    const page = await call('GET_LIST', 'include=author,reviews&counts=reviews&reviews.rating[gte]=4');
    expect(page.status).toBe(200);
    const body = page.body as Json;
    expect(body['items']).toHaveLength(1);
    expect(body['items'][0]).toMatchObject({ id: 'b1', author: { id: 'a1' }, _count: { reviews: 2 } });
    expect(body['items'][0].author.secret).toBeUndefined();
    expect(body['items'][0].reviews).toHaveLength(2);
    expect(check('BookPage', body)).toEqual([]);
    const cursorPage = await call('GET_LIST_CURSOR', 'include=author&orderBy=author.fullName');
    expect(check('BookCursorPage', cursorPage.body)).toEqual([]);
    expect((cursorPage.body as Json)['items'].map((item: Json) => item['author']?.id ?? null)).toEqual(['a1', null]);
    const one = await call('GET', 'include=author,reviews&counts=reviews', 'b2');
    expect(one.body).toMatchObject({ id: 'b2', author: null, reviews: [], _count: { reviews: 0 } });
    expect(check('Book', one.body)).toEqual([]);
  });

  it('resolves relations of route views and of both documented sides alike', () => {
    expect(relationBooks.relations.size).toBe(2);
    expect(authors.relations.size).toBe(1);
    const again = toOpenApi(createRelationRoutes(), { info });
    expect(again).toEqual(document);
  });
});
