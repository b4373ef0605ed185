export { clientErrorListener, type ClientErrorListener } from './client-error-listener';
export {
  currentCorrelationId,
  currentRequestContext,
  runInRequestContext,
  type RequestContext,
} from './request-context';
export { correlationMixin, type CorrelationMixin, type CorrelationMixinOptions } from './correlation-mixin';
export { createNodeHandler, type NodeHandler, type NodeHandlerOptions } from './create-node-handler';
