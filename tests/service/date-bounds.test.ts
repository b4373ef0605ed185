import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryRepository, createResourceService, defineResource, parseListQuery } from '../../src/index';
import { rejectionOf } from '../support/rejection-of';

const events = defineResource({
  name: 'events',
  schema: z.object({
    id: z.string(),
    title: z.string(),
    startsAt: z.date(),
    loggedAt: z.coerce.date(),
    endsAt: z.date().optional(),
  }),
  filterable: ['startsAt', 'loggedAt'],
  clientIds: true,
});

const SEED = {
  id: 'e1',
  title: 'launch',
  startsAt: new Date('2024-01-01T00:00:00Z'),
  loggedAt: new Date('2024-01-01T00:00:00Z'),
};

function service() {
  return createResourceService({ resource: events, repository: createMemoryRepository(events, { records: [SEED] }) });
}

const OUT_OF_RANGE = [
  { name: 'the largest Date', value: new Date(8_640_000_000_000_000) },
  { name: 'the smallest Date', value: new Date(-8_640_000_000_000_000) },
  { name: 'year 0000', value: new Date('0000-06-01T00:00:00Z') },
  { name: 'year 10000', value: new Date('+010000-01-01T00:00:00Z') },
  { name: 'one millisecond before year 0001', value: new Date(Date.parse('0001-01-01T00:00:00.000Z') - 1) },
];

describe('date fields: the years 0001 to 9999', () => {
  it.each(OUT_OF_RANGE)(
    'refuses $name in a create, update and replace body with a 400 naming the field',
    async ({ value }) => {
      const expected = { statusCode: 400, message: ['startsAt: must be a date in the years 0001 to 9999'] };
      const { id: _id, ...rest } = SEED;
      void _id;
      expect(await rejectionOf(service().create({ ...SEED, id: 'e2', startsAt: value }))).toMatchObject(expected);
      expect(await rejectionOf(service().update('e1', { startsAt: value }))).toMatchObject(expected);
      expect(await rejectionOf(service().replace('e1', { ...rest, startsAt: value }))).toMatchObject(expected);
      // The repository refuses it too, for callers that skip the service.
      const repository = createMemoryRepository(events, { records: [SEED] });
      expect(await rejectionOf(repository.create({ ...SEED, id: 'e3', startsAt: value }))).toMatchObject(expected);
      expect(await rejectionOf(repository.update('e1', { startsAt: value }))).toMatchObject(expected);
    },
  );

  it('accepts the first and the last millisecond of the range', async () => {
    const first = new Date('0001-01-01T00:00:00.000Z');
    const last = new Date('9999-12-31T23:59:59.999Z');
    expect((await service().update('e1', { startsAt: first })).startsAt).toStrictEqual(first);
    expect((await service().update('e1', { startsAt: last })).startsAt).toStrictEqual(last);
  });

  it.each([
    { name: 'year 0000', text: '0000-01-01' },
    { name: 'year 0000 by an offset', text: '0001-01-01T00:30:00+01:00' },
    { name: 'year 10000 by an offset', text: '9999-12-31T23:00:00-02:00' },
  ])('refuses $name in a filter with a 400 naming the parameter', ({ text }) => {
    let error: unknown;
    try {
      parseListQuery(`startsAt[gte]=${encodeURIComponent(text)}`, events);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      statusCode: 400,
      message: ['startsAt[gte] must be a date in the years 0001 to 9999'],
    });
  });

  it.each(OUT_OF_RANGE)('refuses $name as a programmatic filter value', async ({ value }) => {
    const error = await rejectionOf(service().list({ where: { startsAt: { lt: value } } }));
    expect(error).toMatchObject({
      statusCode: 400,
      message: [expect.stringMatching(/^where\.startsAt\.lt must be a date in the years 0001 to 9999/)],
    });
  });

  it.each([
    { name: 'a z.date() field', field: 'startsAt' },
    { name: 'a z.coerce.date() field', field: 'loggedAt' },
  ])('says that $name is required when a replace leaves it out', async ({ field }) => {
    const body: Record<string, unknown> = { title: 'x', startsAt: SEED.startsAt, loggedAt: SEED.loggedAt };
    delete body[field];
    const error = await rejectionOf(service().replace('e1', body));
    expect(error).toMatchObject({ statusCode: 400, message: [`${field}: the field is required`] });
    const undefinedValue = await rejectionOf(service().create({ ...body, id: 'e9', [field]: undefined }));
    expect(undefinedValue).toMatchObject({ statusCode: 400, message: [`${field}: the field is required`] });
  });

  it("keeps zod's message for a wrong value of a date field", async () => {
    const error = await rejectionOf(service().update('e1', { startsAt: 'yesterday' }));
    expect(error).toMatchObject({
      statusCode: 400,
      message: [expect.stringMatching(/^startsAt: Invalid input: expected date/)],
    });
  });
});
