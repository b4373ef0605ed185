/** The requests of the OpenAPI conformance suite: their shape, the demo data they send, one per operation. */
import { seedUsers } from '../../../examples/shared/seed';

/** How many users each conformance server is seeded with. */
export const SEED = 30;
const records = seedUsers(SEED);
/** The id of the seeded user at `index`. */
export const idAt = (index: number): string => records[index]?.id ?? '';
/** The headers of a JSON body. */
export const JSON_HEADERS = { 'content-type': 'application/json' };
/** A valid user to create. */
export const newUser = { username: 'conform', email: 'conform@example.com', status: 'active', age: 33 };
/** A valid user to replace one with. */
export const fullUser = { ...newUser, username: 'replaced', status: 'banned', createdAt: '2025-02-03T04:05:06.000Z' };
/** A JSON body over the demo's body limit. */
export const tooLarge = JSON.stringify({ username: 'x'.repeat(64 * 1024) });

/** One request of the suite and the status the server must answer it with. */
export interface Case {
  readonly label: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path and query, or a function finding it with earlier requests (the cursor of a first page). */
  readonly target: string | ((url: string) => Promise<string>);
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly status: number;
}

/** A POST /users of `body`. */
export const post = (
  label: string,
  body: string,
  status: number,
  headers: Record<string, string> = JSON_HEADERS,
): Case => ({
  label,
  method: 'POST',
  target: '/users',
  headers,
  body,
  status,
});

/** One request per operation, each answered by what the repository fails with (or the limiter, for 429). */
export const perOperation = (status: number): readonly Case[] => [
  { label: `listUsers ${status}`, method: 'GET', target: '/users', status },
  { label: `listUsersByCursor ${status}`, method: 'GET', target: '/users/cursor', status },
  { label: `getUser ${status}`, method: 'GET', target: `/users/${idAt(1)}`, status },
  post(`createUser ${status}`, JSON.stringify(newUser), status),
  {
    label: `replaceUser ${status}`,
    method: 'PUT',
    target: `/users/${idAt(1)}`,
    headers: JSON_HEADERS,
    body: JSON.stringify(fullUser),
    status,
  },
  {
    label: `updateUser ${status}`,
    method: 'PATCH',
    target: `/users/${idAt(1)}`,
    headers: JSON_HEADERS,
    body: '{"age":40}',
    status,
  },
  { label: `deleteUser ${status}`, method: 'DELETE', target: `/users/${idAt(1)}`, status },
];
