// The `pagelope/refine` entry: a refine data provider on `pagelope/client`. At run time it loads `pagelope/client` and
// nothing else: refine's types are imported as types only, so neither refine nor React is loaded by this entry.
export { dataProvider, type DataProviderOptions, type PagelopeDataProvider } from './data-provider';
export type { GetManyStrategy } from './get-many-records';
export { toRefineHttpError, type RefineHttpError } from './to-refine-http-error';
