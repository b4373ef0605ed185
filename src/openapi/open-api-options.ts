/** The `info` object of an OpenAPI document. */
export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** One entry of an OpenAPI document's `servers`. */
export interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
}

/** Options of `toOpenApi`. */
export interface OpenApiOptions {
  readonly info: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
}

/** The `openapi` option of the framework adapters: the document's options and the path it is served at. */
export interface OpenApiRouteOptions extends OpenApiOptions {
  /** Where the document is served (default `'/openapi.json'`). */
  readonly path?: string;
}

/**
 * An OpenAPI 3.1 document as `toOpenApi` returns it: plain, JSON-serialisable data. Typed loosely beyond the top
 * level; see the OpenAPI 3.1 specification for the shape of each part.
 */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
  /** Empty: pagelope enforces no authentication; an app that does adds its own requirements. */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  readonly tags: readonly { readonly name: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, unknown>>;
    readonly parameters?: Readonly<Record<string, unknown>>;
    readonly headers?: Readonly<Record<string, unknown>>;
    readonly responses?: Readonly<Record<string, unknown>>;
  };
}
