export { createResourceService } from './create-resource-service';
export { BATCH_ITEMS, batchList } from './batch-list';
export type {
  GetOptions,
  OperationOptions,
  RelationsInput,
  ResourceService,
  ResourceServiceOptions,
  WriteOptions,
} from './resource-service';
export type { RelatedService } from './relation-binder';
export type * from './contexts';
