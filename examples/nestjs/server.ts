import { serveUntilSignal } from '../shared/serve-until-signal';
import { listen } from './listen';

await serveUntilSignal('NestJS', listen);
