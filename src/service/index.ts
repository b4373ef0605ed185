export {
  createResourceService,
  type GetOptions,
  type OperationOptions,
  type RelationsInput,
  type ResourceService,
  type ResourceServiceOptions,
} from './create-resource-service';
export type { RelatedService } from './relation-binder';
export type * from './contexts';
