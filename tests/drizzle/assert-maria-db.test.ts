import { describe, expect, it } from 'vitest';
import { assertMariaDb } from '../../src/drizzle/assert-maria-db';

describe('assertMariaDb', () => {
  it.each([
    '10.11.19-MariaDB-0+deb12u1',
    '10.5.0-MariaDB',
    '11.4.2-MariaDB-ubu2404',
    '5.5.5-10.6.12-MariaDB-log',
    '12.0.1-MariaDB',
  ])('accepts %s', (version) => {
    expect(() => assertMariaDb(version)).not.toThrow();
  });

  it.each([
    { version: '8.0.36', shown: '"8.0.36"' },
    { version: '8.4.0-commercial', shown: '"8.4.0-commercial"' },
    { version: '8.0.mysql_aurora.3.05.2', shown: '"8.0.mysql_aurora.3.05.2"' },
    { version: '8.0.11-TiDB-v7.5.0', shown: '"8.0.11-TiDB-v7.5.0"' },
    { version: '', shown: '""' },
    { version: '__proto__', shown: '"__proto__"' },
  ])('throws an Error saying MySQL is not supported yet and why for $version', ({ version, shown }) => {
    expect(() => assertMariaDb(version)).toThrow(Error);
    expect(() => assertMariaDb(version)).toThrow(`the server is not MariaDB (VERSION() is ${shown})`);
    expect(() => assertMariaDb(version)).toThrow(/MySQL is not supported yet.*SET STATEMENT.*RETURNING/);
  });

  it.each(['10.4.32-MariaDB', '10.3.39-MariaDB-0+deb10u1', '5.5.5-10.4.1-MariaDB', '5.5.68-MariaDB'])(
    'throws an Error naming MariaDB 10.5 as the oldest for %s',
    (version) => {
      expect(() => assertMariaDb(version)).toThrow('MariaDB 10.5 or later is needed (INSERT ... RETURNING)');
    },
  );

  it('shows at most 80 characters of a long version', () => {
    expect(() => assertMariaDb('x'.repeat(10_000))).toThrow(`"${'x'.repeat(80)}"`);
  });
});
