export { createResourceService } from './create-resource-service';
export { BATCH_ITEMS, batchList } from './batch-list';
export type {
  DeleteOptions,
  GetOptions,
  OperationOptions,
  RelationsInput,
  ResourceService,
  ResourceServiceOptions,
  WriteOptions,
} from './resource-service';
export {
  andWhere,
  lifecycleRules,
  readIfMatch,
  type DeletedInput,
  type DeletedMode,
  type IfMatch,
  type LifecycleRules,
  type VersionMatch,
} from './lifecycle';
export type { RelatedService } from './relation-binder';
export type * from './contexts';
