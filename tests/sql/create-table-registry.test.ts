import { describe, expect, it } from 'vitest';
import { createTableRegistry } from '../../src/sql/index';

describe('createTableRegistry', () => {
  it('returns the table of a repository made on the same database, and none on another', () => {
    const registry = createTableRegistry<object, string>();
    const [pool, other, repository] = [{}, {}, {}];
    registry.register(repository, pool, 'books');
    expect(registry.tableOn(repository, pool)).toBe('books');
    expect(registry.tableOn(repository, other)).toBeUndefined();
  });

  it('returns none for an unregistered repository or a value that is no object', () => {
    const registry = createTableRegistry<object, string>();
    const pool = {};
    for (const value of [{}, null, undefined, 'books', 1]) expect(registry.tableOn(value, pool)).toBeUndefined();
  });

  it("shares a repository's table with a wrapper, and nothing for a repository without one", () => {
    const registry = createTableRegistry<object, string>();
    const [pool, repository, guard, stray] = [{}, {}, {}, {}];
    registry.register(repository, pool, 'books');
    registry.share(guard, repository);
    registry.share(stray, {});
    expect(registry.tableOn(guard, pool)).toBe('books');
    expect(registry.tableOn(stray, pool)).toBeUndefined();
  });
});
