import { describe, expect, it } from 'vitest';
import type { ColumnCollation } from '../../src/sql/index';
import { inCodePointOrder, textOrderOf } from '../../src/drizzle/mysql-text-columns';

describe('textOrderOf', () => {
  const column = (type: string, charset: string | null = null): ColumnCollation => ({ type, charset, collation: null });
  it.each([
    { column: column('uuid'), order: 'native' },
    { column: column('UUID'), order: 'native' },
    { column: column('binary'), order: 'native' },
    { column: column('varbinary'), order: 'native' },
    // Other types without a character set still compare as text in the code-point collation.
    { column: column('int'), order: 'collate' },
    { column: column('blob'), order: 'collate' },
    { column: column('inet6'), order: 'collate' },
    { column: column('__proto__'), order: 'collate' },
    // A type name is read only without a character set.
    { column: column('uuid', 'utf8mb4'), order: 'collate' },
    { column: column('binary', 'latin1'), order: 'convert' },
  ])('returns $order for $column', ({ column, order }) => {
    expect(textOrderOf(column)).toBe(order);
  });
});

describe('inCodePointOrder', () => {
  it('returns a column of a native order as it is', () => {
    expect(inCodePointOrder('`id`', 'native')).toBe('`id`');
  });
});
