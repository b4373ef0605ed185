/**
 * Calls the generated types must refuse. Each `@ts-expect-error TS<code>` names the error the next line must give:
 * `tests/openapi/openapi-fetch.test.ts` turns the directives into plain comments, type-checks a copy and expects
 * exactly those codes on exactly those lines. Never run.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../generated/demo-api';

export async function misuse(baseUrl: string): Promise<void> {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error TS2322 a status the enum does not have
  await client.GET('/users', { params: { query: { 'status[eq]': 'retired' } } });
  // @ts-expect-error TS2322 a limit that is not a number
  await client.GET('/users', { params: { query: { limit: '5' } } });
  // @ts-expect-error TS2353 an operator the field does not allow (`cont` on a number)
  await client.GET('/users', { params: { query: { 'age[cont]': '4' } } });
  // @ts-expect-error TS2345 a path the document does not have
  await client.GET('/people', {});
  // @ts-expect-error TS2322 a create body without the required `email`
  await client.POST('/users', { body: { username: 'x', status: 'active', age: 1 } });
  const { data } = await client.GET('/users/{id}', { params: { path: { id: 'user-000001' } } });
  // @ts-expect-error TS2339 a field the record does not have
  void data?.name;
}
