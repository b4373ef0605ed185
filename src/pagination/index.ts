export { pageMeta, type PageMeta, type PageMetaInput, type TotalOf } from './page-meta';
export { toPageResult, ownPageResult, type PageResult } from './page-result';
export {
  TOTAL_MODES,
  TOTAL_THRESHOLD,
  isTotalMode,
  isTotalThreshold,
  type TotalMode,
  type TotalRelation,
} from './total-mode';
export { encodeCursor, decodeCursor, scopeTagOf, CURSOR_MISMATCH, type DecodedCursor } from './cursor';
