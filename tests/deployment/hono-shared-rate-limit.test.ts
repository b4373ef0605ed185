/** Two instances of the hono recipe of docs/deployment.md on one Redis: tests/deployment/shared-rate-limit-suite.ts. */
import { sharedRateLimitSuite } from './shared-rate-limit-suite';

sharedRateLimitSuite('hono');
