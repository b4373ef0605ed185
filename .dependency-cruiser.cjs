// The module boundaries of src/, checked by `npm run check:deps` (dependency-cruiser) in CI.
//
// Layers, lowest first; a module may import only modules below it (so folders cannot form a cycle):
//   internal < errors < fields < resource < pagination < query < kit (the Repository contract) < memory
//   < hooks < service < routes < openapi < the root entry (src/index.ts) and http (pagelope/http)
// Entries beside the root, each on public entries only, as a third party would be: postgres on `pagelope/kit` (and the
// SQL engine, src/sql, itself on `pagelope/kit` alone, which drizzle uses too); the
// framework adapters on `pagelope`, `pagelope/http` and `pagelope/node` (whose request context they share); testing on `pagelope` and `pagelope/kit`; client on module
// index files without run-time zod (type-only imports of kit); refine on `pagelope/client`.
//
// Rooms inside src/query (the rest of src/ sees only src/query/index.ts): model (the query types, the normalized
// query, its normalization and the limit and page rules) < parse (HTTP text to a query) and evaluate (the reference
// predicates and comparators). A room imports another only through that room's index.ts, and never src/query/index.ts.

/** Each layer and the src/ folders it may import (besides itself). */
const LAYERS = {
  internal: [],
  errors: ['internal'],
  fields: ['errors', 'internal'],
  resource: ['fields', 'errors', 'internal'],
  pagination: ['resource', 'fields', 'errors', 'internal'],
  query: ['pagination', 'resource', 'fields', 'errors', 'internal'],
  kit: ['query', 'pagination', 'resource', 'fields', 'errors', 'internal'],
  memory: ['kit'],
  hooks: ['errors', 'internal'],
  service: ['hooks', 'kit', 'query', 'pagination', 'resource', 'fields', 'errors', 'internal'],
  routes: ['service', 'hooks', 'kit', 'query', 'pagination', 'resource', 'fields', 'errors', 'internal'],
  openapi: ['routes', 'query', 'pagination', 'resource', 'fields', 'errors', 'internal'],
  http: ['openapi', 'routes', 'errors', 'internal'],
  client: ['kit', 'query', 'pagination', 'fields', 'errors', 'internal'],
};

/** Each room of src/query and the rooms it may import (besides itself), through their index.ts. */
const QUERY_ROOMS = {
  model: [],
  parse: ['model'],
  evaluate: ['model'],
};

/** Every package a framework adapter or driver could be; none of them may be reached from the root entry. */
const FRAMEWORKS_AND_DRIVERS =
  '(^|/)node_modules/(express|fastify|@fastify|hono|@hono|@nestjs|koa|pg|pg-[^/]+|@electric-sql|postgres|mysql[^/]*|redis|ioredis|typeorm|knex|drizzle-orm|@refinedev|vitest|fast-check)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, between files or (through them) between folders.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'index-only',
      severity: 'error',
      comment: "A module imports another folder only through that folder's index.ts.",
      from: { path: '^src/(?!adapters/)([^/]+)/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
    },
    ...Object.entries(LAYERS).map(([layer, allowed]) => ({
      name: `layer-${layer}`,
      severity: 'error',
      comment: `src/${layer} imports only ${allowed.length === 0 ? 'nothing of src/' : allowed.join(', ')}.`,
      from: { path: `^src/${layer}/` },
      to: { path: '^src/', pathNot: `^src/(${[layer, ...allowed].join('|')})/` },
    })),
    {
      name: 'query-rooms-index-only',
      severity: 'error',
      comment: "A room of src/query imports another room only through that room's index.ts.",
      from: { path: '^src/query/([^/]+)/' },
      to: { path: '^src/query/[^/]+/', pathNot: ['^src/query/$1/', '^src/query/[^/]+/index\\.ts$'] },
    },
    ...Object.entries(QUERY_ROOMS).map(([room, allowed]) => ({
      name: `query-room-${room}`,
      severity: 'error',
      comment: `src/query/${room} imports ${allowed.length === 0 ? 'no other room of src/query' : `only the ${allowed.join(', ')} room of src/query`}, and never src/query/index.ts.`,
      from: { path: `^src/query/${room}/` },
      to: { path: '^src/query/', pathNot: `^src/query/(${[room, ...allowed].join('|')})/` },
    })),
    {
      name: 'root-entry-is-the-top',
      severity: 'error',
      comment:
        'The root entry re-exports the core modules and nothing beside it (no adapter, driver, client or testing).',
      from: { path: '^src/index\\.ts$' },
      to: { path: '^src/(postgres|drizzle|adapters|client|refine|testing|kit/(?!index\\.ts$)|http)/' },
    },
    {
      name: 'root-loads-no-framework-or-driver',
      severity: 'error',
      comment:
        'Nothing the root entry, pagelope/http or pagelope/kit loads reaches a framework, a driver or a test runner.',
      from: { path: '^src/(index\\.ts$|kit/|http/)' },
      to: { reachable: true, path: FRAMEWORKS_AND_DRIVERS },
    },
    {
      name: 'core-is-not-an-entry-user',
      severity: 'error',
      comment:
        'Core modules import each other by relative path, never the package entries (that would load a second copy).',
      from: {
        path: '^src/(internal|errors|fields|resource|pagination|query|kit|memory|hooks|service|routes|openapi|http)/',
      },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'sql-uses-the-kit',
      severity: 'error',
      comment: 'The SQL engine (src/sql) uses only `pagelope/kit`: no driver, no ORM, no other module.',
      from: { path: '^src/sql/' },
      to: { path: '^src/', pathNot: ['^src/sql/', '^src/kit/index\\.ts$'] },
    },
    {
      name: 'sql-loads-no-driver',
      severity: 'error',
      comment: 'Nothing the SQL engine loads reaches a framework or a driver (drizzle-orm, pg, PGlite, mysql2).',
      from: { path: '^src/sql/' },
      to: { reachable: true, path: FRAMEWORKS_AND_DRIVERS },
    },
    {
      name: 'postgres-uses-public-entries',
      severity: 'error',
      comment: 'pagelope/postgres uses only `pagelope/kit`, as a third-party repository would, and the SQL engine.',
      from: { path: '^src/postgres/' },
      to: { path: '^src/', pathNot: ['^src/postgres/', '^src/kit/index\\.ts$', '^src/sql/index\\.ts$'] },
    },
    {
      name: 'drizzle-uses-public-entries',
      severity: 'error',
      comment:
        'pagelope/drizzle uses only `pagelope`, `pagelope/kit` and `pagelope/postgres`, as a third party would, and the SQL engine.',
      from: { path: '^src/drizzle/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/drizzle/',
          '^src/index\\.ts$',
          '^src/kit/index\\.ts$',
          '^src/postgres/index\\.ts$',
          '^src/sql/index\\.ts$',
        ],
      },
    },
    {
      name: 'adapters-use-public-entries',
      severity: 'error',
      comment:
        "A framework adapter uses only `pagelope`, `pagelope/http` and `pagelope/node` (the request context every adapter shares), its own folder, and the files of src/http (the edge's helpers one adapter uses, not exported).",
      from: { path: '^src/adapters/([^/]+)/' },
      to: {
        path: '^src/',
        pathNot: ['^src/adapters/$1/', '^src/index\\.ts$', '^src/http/', '^src/adapters/node/index\\.ts$'],
      },
    },
    {
      name: 'testing-uses-public-entries',
      severity: 'error',
      comment:
        'pagelope/testing uses only `pagelope` and `pagelope/kit`, so the suite holds any repository to the public contract.',
      from: { path: '^src/testing/' },
      to: { path: '^src/', pathNot: ['^src/testing/', '^src/index\\.ts$', '^src/kit/index\\.ts$'] },
    },
    {
      name: 'refine-uses-the-client',
      severity: 'error',
      comment: 'pagelope/refine builds on `pagelope/client` only (and types of the root entry).',
      from: { path: '^src/refine/' },
      to: { path: '^src/', pathNot: ['^src/refine/', '^src/client/index\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: ['^src/', 'node_modules/'],
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
