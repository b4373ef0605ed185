/**
 * The notes of the client's lifecycle and batch tests (soft delete and a version, as `createLifecycleRoutes` serves
 * them), and a client of them over a fake fetch.
 */
import { createClient, type ResourceClient } from 'pagelope/client';
import { fakeFetch, type FakeFetch } from './fake-fetch';

/** The base URL of the fake. */
export const BASE = 'http://api.test';

/** A note as the client receives it: dates as text. */
export interface Note {
  id: string;
  title: string;
  deletedAt: string | null;
  version: number;
}

/** A client of `/notes` over a fake fetch answering with `answer` (client headers when given), and the fake. */
export function notesOf(
  answer: Parameters<typeof fakeFetch>[0],
  headers?: Record<string, string>,
): FakeFetch & { readonly notes: ResourceClient<Note> } {
  const fake = fakeFetch(answer);
  const client = createClient({ baseUrl: BASE, fetch: fake.fetch, ...(headers === undefined ? {} : { headers }) });
  return { ...fake, notes: client.resource<Note>('/notes') };
}
