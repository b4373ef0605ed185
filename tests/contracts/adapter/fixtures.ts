/** The resources the adapter contract mounts, their seeds, and the limits and secret its checks name. */
import { z } from 'zod';
import { defineResource } from '../../../src/index';

/** The `bodyLimit` every contract app is mounted with. */
export const BODY_LIMIT = 2048;

/** Things belong to a tenant; the scope reads it from `locals`. Only some route types are enabled. */
const thingSchema = z.object({ id: z.string(), tenant: z.string(), name: z.string().min(1), rank: z.number().int() });
export const things = defineResource({
  name: 'things',
  schema: thingSchema,
  filterable: ['name', 'rank'],
  sortable: ['rank'],
  readOnly: ['tenant'],
  pagination: { defaultLimit: 10, maxLimit: 100 },
});
/** A thing. */
export type Thing = z.output<typeof thingSchema>;

/** The things: two tenants, `even` and `odd`, taking turns. */
export const thingSeed: Thing[] = Array.from({ length: 24 }, (_, i) => ({
  id: `t${String(i).padStart(2, '0')}`,
  tenant: i % 2 === 0 ? 'even' : 'odd',
  name: `thing ${i}`,
  rank: i,
}));

/** Notes have every route type, under a custom path, with defaults, optional and nested fields. */
export const notes = defineResource({
  name: 'notes',
  schema: z.object({
    id: z.string(),
    text: z.string().min(1),
    tag: z.string().default('none'),
    note: z.string().optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * People are searchable by name and email, with a hidden field; their list route sends `x-total-count` (and `link`),
 * four to a page.
 */
const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  tier: z.enum(['gold', 'silver', 'bronze']),
  score: z.number().int(),
  secret: z.string(),
});
export const people = defineResource({
  name: 'people',
  schema: personSchema,
  filterable: ['name', 'tier', 'score'],
  sortable: ['score'],
  searchable: ['name', 'email'],
  hidden: ['secret'],
  pagination: { defaultLimit: 4, maxLimit: 50 },
});
/** A person. */
export type Person = z.output<typeof personSchema>;
const NAMES = [
  'Ada Lovelace',
  'Alan Turing',
  'Grace Hopper',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
  'Ken Thompson',
  'Radia Perlman',
  'Tim Berners-Lee',
  'Frances Allen',
  'John McCarthy',
  'Katherine Johnson',
];
/** The people, one per name, their tiers taking turns, each with a secret starting `zebra-`. */
export const personSeed: Person[] = NAMES.map((name, i) => ({
  id: `p${String(i).padStart(2, '0')}`,
  name,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@Example.NET`,
  tier: (['gold', 'silver', 'bronze'] as const)[i % 3] ?? 'gold',
  score: (i * 7) % 20,
  secret: `zebra-${i}`,
}));

/** The `contl` rule of `search` on people: the name or the email holds the text, both sides lower-cased. */
export const searched = (text: string) => (person: Person) =>
  person.name.toLowerCase().includes(text.toLowerCase()) || person.email.toLowerCase().includes(text.toLowerCase());

/** The schema of {@link broken}. */
export const brokenSchema = z.object({ id: z.string(), x: z.string() });
/** A resource whose repository fails with a secret in its error. */
export const broken = defineResource({ name: 'broken', schema: brokenSchema });
/** The secret in the errors of the failing repository, which no response may carry. */
export const SECRET = 'password=hunter2 host=10.0.0.7';
