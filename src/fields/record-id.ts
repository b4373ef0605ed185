// The record id types live here, below every module that names them: the client's declarations reach them
// without the resource module (and so without zod's types).

/**
 * The id of a record: a string, or a number for a resource whose id field is an integer (`z.number().int()`). A
 * `bigint` key travels as a string of digits (`z.string().regex(/^\d+$/)`), which JavaScript numbers cannot hold.
 */
export type RecordId = string | number;

/**
 * The id type of records of type `TRecord`: the type of their `id` property when it is a string or a number (`string`
 * for most records, `number` for integer keys), else (and for `never`) {@link RecordId}.
 */
export type RecordIdOf<TRecord> = [TRecord] extends [never]
  ? RecordId
  : TRecord extends { readonly id: infer TId extends RecordId }
    ? TId
    : RecordId;
