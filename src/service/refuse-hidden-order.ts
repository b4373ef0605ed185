import { badRequest, quote } from '../errors/index';
import type { Resource } from '../resource/index';

/**
 * Refuses a cursor listing ordered by a hidden field, whoever asked for it (a client cannot: hidden fields are not
 * sortable; server code or a before-hook could): the cursor would carry the field's values to the client. The message
 * is the one an unknown field gets.
 *
 * @throws HttpError 400 naming each hidden `orderBy` field as not sortable.
 */
export function refuseHiddenOrder(resource: Resource, query: unknown): void {
  if (resource.hidden.size === 0 || typeof query !== 'object' || query === null) return;
  const orderBy = (query as { readonly orderBy?: unknown }).orderBy;
  if (!Array.isArray(orderBy)) return;
  const messages: string[] = [];
  orderBy.forEach((term: unknown, i) => {
    const field = typeof term === 'object' && term !== null ? (term as { readonly field?: unknown }).field : undefined;
    if (typeof field === 'string' && resource.hidden.has(field)) {
      messages.push(`orderBy[${i}].field: ${quote(field)} is not a sortable field`);
    }
  });
  if (messages.length > 0) throw badRequest(messages);
}
