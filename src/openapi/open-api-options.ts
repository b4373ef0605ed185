/** The `info` object of an OpenAPI document. */
export interface OpenApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** One entry of an OpenAPI document's `servers`. */
interface OpenApiServer {
  readonly url: string;
  readonly description?: string;
}

/** A security scheme of `components.securitySchemes` (OpenAPI 3.1), as the app's own authentication works. */
export type OpenApiSecurityScheme =
  | {
      readonly type: 'apiKey';
      /** The header, query parameter or cookie that carries the key. */
      readonly name: string;
      readonly in: 'header' | 'query' | 'cookie';
      readonly description?: string;
    }
  | {
      readonly type: 'http';
      /** `'bearer'`, `'basic'`, ... (an IANA HTTP authentication scheme). */
      readonly scheme: string;
      readonly bearerFormat?: string;
      readonly description?: string;
    }
  | {
      readonly type: 'oauth2';
      /** The OAuth flows object, as the specification describes it. */
      readonly flows: Readonly<Record<string, unknown>>;
      readonly description?: string;
    }
  | { readonly type: 'openIdConnect'; readonly openIdConnectUrl: string; readonly description?: string }
  | { readonly type: 'mutualTLS'; readonly description?: string };

/** One security requirement: scheme names (of `securitySchemes`) to the scopes needed (empty for non-OAuth). */
export type OpenApiSecurityRequirement = Readonly<Partial<Record<string, readonly string[]>>>;

/** A request header every operation takes (`x-tenant-id`, ...), documented as a header parameter. */
export interface OpenApiHeader {
  /** Whether every request must send it (default `false`). */
  readonly required?: boolean;
  readonly description?: string;
  /** The JSON Schema of its value (default `{ type: 'string' }`). */
  readonly schema?: Readonly<Record<string, unknown>>;
}

/** Options of `toOpenApi`. */
export interface OpenApiOptions {
  readonly info: OpenApiInfo;
  readonly servers?: readonly OpenApiServer[];
  /** `components.securitySchemes`: how the app authenticates requests, by scheme name. */
  readonly securitySchemes?: Readonly<Record<string, OpenApiSecurityScheme>>;
  /**
   * The document's `security`: alternatives, each naming schemes of `securitySchemes` that together authenticate
   * a request (default: none, `[]`).
   */
  readonly security?: readonly OpenApiSecurityRequirement[];
  /**
   * Request headers every operation takes, by name (lowercase letters, digits and `-`, as `x-tenant-id`); not
   * `x-correlation-id` (always documented), `authorization`, `content-type` or `accept` (OpenAPI ignores those
   * as parameters: describe authentication with `securitySchemes`).
   */
  readonly headers?: Readonly<Record<string, OpenApiHeader>>;
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
  /** The `security` option; empty without it (pagelope itself enforces no authentication). */
  readonly security?: readonly OpenApiSecurityRequirement[];
  readonly tags: readonly { readonly name: string; readonly description?: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, unknown>>;
    readonly parameters?: Readonly<Record<string, unknown>>;
    readonly headers?: Readonly<Record<string, unknown>>;
    readonly responses?: Readonly<Record<string, unknown>>;
    readonly securitySchemes?: Readonly<Record<string, OpenApiSecurityScheme>>;
  };
}
