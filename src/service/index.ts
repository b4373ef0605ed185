export {
  createResourceService,
  type OperationOptions,
  type ResourceService,
  type ResourceServiceOptions,
} from './create-resource-service';
export type * from './contexts';
