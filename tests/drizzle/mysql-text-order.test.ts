import { describe, expect, it } from 'vitest';
import type { ColumnCollation } from '../../src/sql/index';
import { inCodePointOrder, textOrderOf } from '../../src/drizzle/mysql-text-columns';

describe('textOrderOf', () => {
  const column = (type: string, charset: string | null, collation: string | null): ColumnCollation => ({
    type,
    charset,
    collation,
  });
  it.each([
    { column: column('varchar', 'utf8mb4', 'utf8mb4_nopad_bin'), order: 'as-is' },
    { column: column('CHAR', 'UTF8MB4', 'UTF8MB4_NOPAD_BIN'), order: 'as-is' },
    { column: column('text', 'utf8mb4', 'utf8mb4_nopad_bin'), order: 'as-is' },
    { column: column('longtext', 'utf8mb4', 'utf8mb4_nopad_bin'), order: 'as-is' },
    // utf8mb4_bin pads ('a' = 'a '); the defaults fold case and accents.
    { column: column('varchar', 'utf8mb4', 'utf8mb4_bin'), order: 'collate' },
    { column: column('varchar', 'utf8mb4', 'utf8mb4_general_ci'), order: 'collate' },
    { column: column('text', 'utf8mb4', 'utf8mb4_uca1400_ai_ci'), order: 'collate' },
    // ENUM and SET order by their members' positions.
    { column: column('enum', 'utf8mb4', 'utf8mb4_nopad_bin'), order: 'collate' },
    { column: column('set', 'utf8mb4', 'utf8mb4_nopad_bin'), order: 'collate' },
    { column: column('varchar', 'latin1', 'latin1_swedish_ci'), order: 'convert' },
    { column: column('varchar', 'utf8mb3', 'utf8mb3_bin'), order: 'convert' },
    { column: column('enum', 'ascii', 'ascii_bin'), order: 'convert' },
    { column: column('int', null, null), order: 'collate' },
    { column: column('__proto__', 'utf8mb4', '__proto__'), order: 'collate' },
    { column: undefined, order: 'convert' },
  ])('returns $order for $column', ({ column, order }) => {
    expect(textOrderOf(column)).toBe(order);
  });
});

describe('inCodePointOrder', () => {
  it.each([
    { order: 'as-is', sql: '`c`' },
    { order: 'collate', sql: '`c` COLLATE utf8mb4_nopad_bin' },
    { order: 'convert', sql: 'CONVERT(`c` USING utf8mb4) COLLATE utf8mb4_nopad_bin' },
  ] as const)('returns $sql for $order', ({ order, sql }) => {
    expect(inCodePointOrder('`c`', order)).toBe(sql);
  });
});
