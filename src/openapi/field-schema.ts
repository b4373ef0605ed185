import type { FieldDef, FieldKind } from '../fields/index';

/** A JSON Schema (2020-12) object, as the document holds it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of one value of each field kind: the one field-kind-to-JSON-Schema table, to extend when a kind
 * is added (`Record<FieldKind, ...>` makes a new kind a type error here). The document's filter parameters and the
 * response schemas a serializer writes records with read it; the record and body schemas of the document come from
 * the zod schema itself, its `Date`s written as the `date` row says.
 */
export const FIELD_KIND_SCHEMAS: Readonly<Record<FieldKind, (def?: Pick<FieldDef, 'enumValues'>) => JsonSchema>> =
  Object.freeze({
    string: () => ({ type: 'string' }),
    number: () => ({ type: 'number' }),
    boolean: () => ({ type: 'boolean' }),
    date: () => ({ type: 'string', format: 'date-time' }),
    isoDate: () => ({ type: 'string', format: 'date' }),
    enum: (def) => ({ type: 'string', enum: [...(def?.enumValues ?? [])] }),
  });
