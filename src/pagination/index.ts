export { pageMeta, type PageMeta, type PageMetaInput } from './page-meta';
export { toPageResult, type PageResult } from './page-result';
export { encodeCursor, decodeCursor, type DecodedCursor } from './cursor';
