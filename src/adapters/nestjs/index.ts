export { PagelopeModule, type PagelopeModuleOptions } from './pagelope-module';
export { PagelopeExceptionFilter, type PagelopeExceptionFilterOptions } from './pagelope-module';
