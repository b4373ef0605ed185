import type { FieldKind } from './operators';

/** The smallest view of a zod schema this library relies on. */
export interface SchemaLike {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** One validation issue as zod reports it. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What the library knows of one field of a resource's schema. */
export interface FieldDef {
  readonly name: string;
  /**
   * The field's kind, or `'other'` for arrays, objects and unions, which cannot be filtered or sorted. A pipe whose
   * output is a `Date` is a `'date'` field; a string of format `date` (`z.iso.date()`) is an `'isoDate'` field.
   */
  readonly kind: FieldKind | 'other';
  /** True when the field is optional or nullable, so `isnull`/`notnull` fit it. */
  readonly nullable: boolean;
  /** The allowed values of an enum (or string-literal) field. */
  readonly enumValues: readonly string[] | undefined;
  /** The field's schema without its optional/nullable/default wrappers. */
  readonly base: SchemaLike;
}

interface Def {
  readonly type: string;
  readonly innerType?: { def: Def } & SchemaLike;
  /** A pipe's output schema. */
  readonly out?: { def: Def } & SchemaLike;
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly values?: readonly unknown[];
  /** A string format (`'date'` for `z.iso.date()`). */
  readonly format?: string;
}

type Introspectable = SchemaLike & { readonly def: Def };

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** Reads kind, nullability and enum values of each field of a zod object schema's `shape`. */
export function introspectFields(shape: Readonly<Record<string, unknown>>): ReadonlyMap<string, FieldDef> {
  const fields = new Map<string, FieldDef>();
  for (const name of Object.keys(shape)) fields.set(name, introspectField(name, shape[name] as Introspectable));
  return fields;
}

function introspectField(name: string, schema: Introspectable): FieldDef {
  let current = schema;
  let nullable = false;
  while (WRAPPERS.has(current.def.type) && current.def.innerType) {
    if (current.def.type === 'optional' || current.def.type === 'nullable') nullable = true;
    current = current.def.innerType;
  }
  const { type } = current.def;
  let kind: FieldKind | 'other' = 'other';
  let enumValues: readonly string[] | undefined;
  if (type === 'string' && current.def.format === 'date') kind = 'isoDate';
  else if (type === 'pipe' && endsInDate(current.def.out)) kind = 'date';
  else if (type === 'string' || type === 'number' || type === 'boolean' || type === 'date') kind = type;
  else if (type === 'enum' || type === 'literal') {
    const values = type === 'enum' ? Object.values(current.def.entries ?? {}) : (current.def.values ?? []);
    if (values.length > 0 && values.every((value) => typeof value === 'string')) {
      kind = 'enum';
      enumValues = Object.freeze([...new Set(values as string[])]);
    }
  }
  return Object.freeze({ name, kind, nullable, enumValues, base: current });
}

/**
 * Whether a pipe's output is a `Date` (`z.iso.datetime().pipe(z.coerce.date())`): such a field is a date field, its
 * pipe the schema that validates it.
 */
function endsInDate(out: Introspectable | undefined): boolean {
  let current = out;
  while (current && (current.def.type === 'pipe' || WRAPPERS.has(current.def.type)))
    current = current.def.type === 'pipe' ? current.def.out : current.def.innerType;
  return current?.def.type === 'date';
}
