export {
  createResourceService,
  type DeleteOptions,
  type GetOptions,
  type OperationOptions,
  type RelationsInput,
  type ResourceService,
  type ResourceServiceOptions,
  type WriteOptions,
} from './create-resource-service';
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
