export { clientErrorListener, type ClientErrorListener } from './client-error-listener';
