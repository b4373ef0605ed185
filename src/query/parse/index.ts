// HTTP query text to a query: parseListQuery and parseCursorQuery. Builds on model/ (through its index.ts); model/
// never imports this room.
//
// How one parameter value travels (no two of these files import each other; the imports are listed at the end):
//   1. parse-list-query.ts makes a QueryParams (query-params.ts) for the resource's FilterPlan (filter-plan.ts,
//      computed once per resource) and hands it to readQuery.
//   2. read-query.ts splits the raw string, URLSearchParams or parsed object into `name[sub]=value` pairs and
//      calls the QuerySink it declares (QueryParams implements it) once per pair, in order. It knows no field, no
//      operator and no scalar name; a malformed key or percent-encoding is a 400 thrown at once.
//   3. query-params.ts keeps each scalar (`limit`, `page`, `orderBy`, ...) as text, and each filter parameter in the
//      FieldParams of its field (and OR group) through addFieldParam (field-params.ts), still as text. `or=<JSON>`
//      goes through readOrJson (read-or-json.ts), which calls back with each condition as its
//      `or[<n>][<field>][<op>]` parameter, through the OrJsonSink it declares.
//   4. Once every pair is read, parse-list-query.ts asks QueryParams for its conditionGroups(): fieldConditions
//      (field-params.ts) validates each field's parameters and turns their texts into typed conditions with
//      toCondition (model/). Problems are collected, not thrown, through the FieldProblemSink field-params.ts
//      declares (QueryParams again).
//   5. parse-list-query.ts resolves the scalars: the order (parse-order.ts), then limit and page
//      (model/page-limits.ts), search and select (model/), throws every collected problem as one 400, and freezes
//      the query with its normalized form attached (model/normalized-query.ts).
// The callbacks of steps 2-4 go through interfaces the calling file declares (QuerySink, OrJsonSink,
// FieldProblemSink), so the imports run one way and none of these files imports one that imports it:
// parse-list-query -> read-query, filter-plan, parse-order, query-params;
// query-params -> read-query (the QuerySink type), read-or-json, field-params, filter-plan;
// field-params -> filter-plan (types), model.
// Every route's query is parsed here too (parse-route-query.ts): the list routes' grammar with their own `total` and
// `deleted` (through parse-list-query.ts's OwnParams), GET one's `include`, `counts` and `deleted`, DELETE's
// `permanent`, no parameter on the other writes; route-params.ts reads those scalars, one wording for an unknown
// parameter, every problem of a request in one 400.
export { OR_LIMITS } from './query-params';
export { parseListQuery, parseCursorQuery } from './parse-list-query';
export {
  parseRouteListQuery,
  parseRouteCursorQuery,
  parseRouteGetQuery,
  parseRouteDeleteQuery,
  parseRouteWriteQuery,
  type DeletedParam,
} from './parse-route-query';
