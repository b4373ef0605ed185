export { pageMeta, type PageMeta, type PageMetaInput } from './page-meta';
export { toPageResult, ownPageResult, type PageResult } from './page-result';
export { encodeCursor, decodeCursor, scopeTagOf, CURSOR_MISMATCH, type DecodedCursor } from './cursor';
