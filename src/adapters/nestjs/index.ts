export { PagelopeModule } from './pagelope-module';
export { PagelopeExceptionFilter, type PagelopeExceptionFilterOptions } from './pagelope-exception-filter';
export type { PagelopeModuleOptions } from './pagelope-module-options';
