/** Page and limit: defaults, bounds, the clamp and reject policies, malformed numbers and repeats. */
import { type BadRow, expected, type Pair, strictUsers, type ValidRow } from '../../../fixtures';

const lim = (value: string): Pair[] => [['limit', value]];
const pg = (value: string): Pair[] => [['page', value]];
const BAD_NUMBERS = [
  { what: 'empty', value: '' },
  { what: 'non-numeric', value: 'ten' },
  { what: 'zero', value: '0' },
  { what: 'negative', value: '-1' },
  { what: 'fractional', value: '1.5' },
  { what: 'space-padded before', value: ' 5' },
  { what: 'space-padded after', value: '5 ' },
  { what: 'exponent', value: '1e2' },
  { what: 'hexadecimal', value: '0x10' },
  { what: 'plus-signed', value: '+5' },
  { what: 'Infinity', value: 'Infinity' },
  { what: 'full-width digits', value: '１０' },
];

export const VALID_ROWS: readonly ValidRow[] = [
  { name: 'no parameters: defaults', pairs: [], query: expected() },
  {
    name: 'page and limit',
    pairs: [
      ['page', '3'],
      ['limit', '25'],
    ],
    query: expected({ page: 3, limit: 25 }),
  },
  { name: 'limit equal to maxLimit', pairs: [['limit', '50']], query: expected({ limit: 50 }) },
  { name: 'limit above maxLimit, clamped', pairs: [['limit', '51']], query: expected({ limit: 50 }) },
  { name: 'a huge limit, clamped', pairs: [['limit', '99999999999999999999999']], query: expected({ limit: 50 }) },
  { name: 'limit 1', pairs: [['limit', '1']], query: expected({ limit: 1 }) },
  { name: 'a large page', pairs: [['page', '2147483647']], query: expected({ page: 2147483647 }) },
];

export const BAD_ROWS: readonly BadRow[] = [
  ...BAD_NUMBERS.map(({ what, value }) => ({
    name: `a ${what} limit`,
    pairs: lim(value),
    names: 'limit must be a positive integer',
  })),
  ...BAD_NUMBERS.map(({ what, value }) => ({
    name: `a ${what} page`,
    pairs: pg(value),
    names: 'page must be a positive integer',
  })),
  { name: 'a page above the maximum', pairs: pg('2147483648'), names: 'page must be at most 2147483647' },
  {
    name: 'a limit above maxLimit with the reject policy',
    pairs: lim('21'),
    names: 'limit must be at most 20',
    resource: strictUsers,
  },
  { name: 'a repeated limit', pairs: [...lim('5'), ...lim('6')], names: 'limit must not be repeated' },
  { name: 'a repeated identical limit', pairs: [...lim('5'), ...lim('5')], names: 'limit must not be repeated' },
  { name: 'a repeated page', pairs: [...pg('1'), ...pg('2')], names: 'page must not be repeated' },
  { name: 'a plus-encoded limit', input: 'limit=+5', names: 'limit must be a positive integer' },
  { name: 'a repeated limit as a list', input: { limit: ['5', '6'] }, names: 'limit must not be repeated' },
];
