import { describe, expectTypeOf, it } from 'vitest';
import type { TotalMode } from '../../src/kit/index';
import { z } from 'zod';
import {
  createMemoryRepository,
  createResourceService,
  defineResource,
  parseCursorQuery,
  parseListQuery,
  type CursorPage,
  type PageResult,
  type Repository,
  type ResourceService,
} from '../../src/index';
import type { ListItem, SelectFields } from '../../src/kit/repository';

interface User {
  id: string;
  username: string;
  email: string;
  age: number;
  bio?: string | undefined;
}

const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  age: z.number(),
  bio: z.string().optional(),
});
type SchemaUser = z.output<typeof userSchema>;

const users = defineResource({ name: 'users', schema: userSchema, searchable: ['username', 'email'] });

declare const repository: Repository<User>;
declare const service: ResourceService<User>;

describe('Repository list and listByCursor with select', () => {
  it('return Pick<User, id | selected fields> for a selection given as const', () => {
    expectTypeOf(repository.list({ select: ['username'] as const })).resolves.toEqualTypeOf<
      PageResult<Pick<User, 'id' | 'username'>>
    >();
    // listByCursor stays CursorPage<User>: a generic one would break the nextCursor loop below (TS7022).
    expectTypeOf(repository.listByCursor({ select: ['username', 'age'] as const })).resolves.toEqualTypeOf<
      CursorPage<User>
    >();
    expectTypeOf(repository.list({ select: ['username'] as const })).not.toBeAny();
  });

  it('infer the selection from an array literal without as const', () => {
    expectTypeOf(repository.list({ select: ['email'], search: 'ada', limit: 5 })).resolves.toEqualTypeOf<
      PageResult<Pick<User, 'id' | 'email'>>
    >();
    expectTypeOf(repository.listByCursor({ select: ['bio'], cursor: null })).resolves.toEqualTypeOf<CursorPage<User>>();
  });

  it('keep the id in the type when the selection names it too', () => {
    expectTypeOf(repository.list({ select: ['id', 'age'] })).resolves.toEqualTypeOf<
      PageResult<Pick<User, 'id' | 'age'>>
    >();
  });

  it('return whole records without a selection', () => {
    expectTypeOf(repository.list()).resolves.toEqualTypeOf<PageResult<User>>();
    expectTypeOf(repository.list({ limit: 3, search: 'x' })).resolves.toEqualTypeOf<PageResult<User>>();
    expectTypeOf(repository.list({ select: undefined })).resolves.toEqualTypeOf<PageResult<User>>();
    expectTypeOf(repository.listByCursor({ cursor: 'c' })).resolves.toEqualTypeOf<CursorPage<User>>();
    expectTypeOf(repository.list).returns.toEqualTypeOf<Promise<PageResult<User, TotalMode>>>();
  });

  it('return whole records for a selection not known at compile time (a parsed query)', () => {
    const memory = createMemoryRepository(users);
    expectTypeOf(memory.list(parseListQuery('select=username', users))).resolves.toEqualTypeOf<
      PageResult<SchemaUser>
    >();
    expectTypeOf(memory.listByCursor(parseCursorQuery('select=username', users))).resolves.toEqualTypeOf<
      CursorPage<SchemaUser>
    >();
    const fields: readonly ('username' | 'age')[] = ['username'];
    expectTypeOf(repository.list({ select: fields })).resolves.toEqualTypeOf<PageResult<User>>();
  });

  it('types the memory repository of a resource by its schema', () => {
    const memory = createMemoryRepository(users);
    expectTypeOf(memory.list({ select: ['username'] as const })).resolves.toEqualTypeOf<
      PageResult<Pick<SchemaUser, 'id' | 'username'>>
    >();
  });

  it('rejects a selection naming a field the record lacks', () => {
    // @ts-expect-error: 'password' is not a field of User
    void repository.list({ select: ['password'] as const });
    // @ts-expect-error: 'password' is not a field of User
    void repository.listByCursor({ select: ['username', 'password'] });
    // @ts-expect-error: a selection is an array of field names
    void repository.list({ select: 'username' });
  });

  it('types the id as the field id: another id field is in the type only when selected', () => {
    const bookSchema = z.object({ isbn: z.string(), title: z.string(), pages: z.number() });
    type Book = z.output<typeof bookSchema>;
    const books = createMemoryRepository(
      defineResource({ name: 'books', schema: bookSchema, idField: 'isbn', sortable: ['title'] }),
    );
    expectTypeOf(books.list({ select: ['title'] })).resolves.toEqualTypeOf<PageResult<Pick<Book, 'title'>>>();
    expectTypeOf(books.list({ select: ['isbn', 'title'] })).resolves.toEqualTypeOf<
      PageResult<Pick<Book, 'isbn' | 'title'>>
    >();
  });
});

describe('ResourceService list and listByCursor with select', () => {
  it('return the same types as the repository', () => {
    expectTypeOf(service.list({ select: ['username'] as const })).resolves.toEqualTypeOf<
      PageResult<Pick<User, 'id' | 'username'>>
    >();
    expectTypeOf(service.listByCursor({ select: ['age'] })).resolves.toEqualTypeOf<CursorPage<User>>();
    expectTypeOf(service.list()).resolves.toEqualTypeOf<PageResult<User>>();
    expectTypeOf(service.listByCursor({ limit: 2 })).resolves.toEqualTypeOf<CursorPage<User>>();
    // @ts-expect-error: 'password' is not a field of User
    void service.list({ select: ['password'] });
  });

  it('types a service made by createResourceService by the resource schema', () => {
    const made = createResourceService({ resource: users, repository: createMemoryRepository(users) });
    expectTypeOf(made.list({ select: ['email'] })).resolves.toEqualTypeOf<
      PageResult<Pick<SchemaUser, 'id' | 'email'>>
    >();
    expectTypeOf(made).not.toBeAny();
  });
});

describe('ListItem and SelectFields', () => {
  it('are never any', () => {
    expectTypeOf<ListItem<User>>().toEqualTypeOf<User>();
    expectTypeOf<ListItem<User, readonly ['age']>>().toEqualTypeOf<Pick<User, 'id' | 'age'>>();
    expectTypeOf<ListItem<User, readonly (keyof User)[]>>().toEqualTypeOf<User>();
    expectTypeOf<ListItem<User, readonly ['age']>>().not.toBeAny();
    expectTypeOf<SelectFields<readonly ['a', 'b']>>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<SelectFields<readonly string[]>>().toEqualTypeOf<never>();
    expectTypeOf<SelectFields<undefined>>().toEqualTypeOf<never>();
    expectTypeOf<SelectFields<readonly ['a']>>().not.toBeAny();
  });
});

describe('listByCursor in a loop', () => {
  it('type-checks the usual loop that feeds nextCursor back in, without annotating the page', async () => {
    let cursor: string | null = null;
    const ids: string[] = [];
    do {
      const page = await repository.listByCursor({ cursor, limit: 2, select: ['username'] });
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    do {
      const page = await service.listByCursor({ cursor, limit: 2 });
      cursor = page.nextCursor;
    } while (cursor !== null);
    expectTypeOf(ids).toEqualTypeOf<string[]>();
  });
});
