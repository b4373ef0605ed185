import { describe, expect, it } from 'vitest';
import { fromTimestampText } from '../../src/postgres/timestamp-text';

describe('fromTimestampText', () => {
  it.each([
    { text: '2024-05-06 07:08:09+00', iso: '2024-05-06T07:08:09.000Z' },
    { text: '2024-05-06 07:08:09.010123+00', iso: '2024-05-06T07:08:09.010Z' },
    { text: '2024-05-06 07:08:09.5+00', iso: '2024-05-06T07:08:09.500Z' },
    { text: '2024-05-06 12:38:09+05:30', iso: '2024-05-06T07:08:09.000Z' },
    { text: '2024-05-06 04:08:09-03', iso: '2024-05-06T07:08:09.000Z' },
    { text: '2024-05-06T07:08:09+00', iso: '2024-05-06T07:08:09.000Z' },
    { text: '2024-05-06 07:08:09', iso: '2024-05-06T07:08:09.000Z' },
    { text: '0099-01-01 00:00:00+00', iso: '0099-01-01T00:00:00.000Z' },
    { text: '0001-01-01 00:00:00+00', iso: '0001-01-01T00:00:00.000Z' },
    { text: '9999-12-31 23:59:59.999+00', iso: '9999-12-31T23:59:59.999Z' },
    { text: '1500-06-01 00:53:28+00:53:28', iso: '1500-06-01T00:00:00.000Z' },
    { text: '0044-03-15 12:00:00+00 BC', iso: '-000043-03-15T12:00:00.000Z' },
    { text: '2024-05-06', iso: '2024-05-06T00:00:00.000Z' },
  ])('reads $text as $iso, whatever the time zone', ({ text, iso }) => {
    expect(fromTimestampText(text).toISOString()).toBe(iso);
  });

  it.each(['', 'infinity', '__proto__', '2024-13-45 99:99:99+00 AD', 'x'.repeat(10_000)])(
    'returns an invalid Date for %j, which is no timestamp',
    (text) => {
      expect(Number.isNaN(fromTimestampText(text).getTime())).toBe(true);
    },
  );
});
