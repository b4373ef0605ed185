import { Controller, Get, type Type } from '@nestjs/common';
import type { AuditEntry } from '../shared/demo-routes';

/**
 * The controller of `GET /audit`, which answers the demo's audit log: an ordinary route of the app beside pagelope's,
 * under the same guard, exception filter and middleware.
 */
export function auditController(audit: readonly AuditEntry[]): Type<unknown> {
  @Controller('audit')
  class AuditController {
    @Get() list(): readonly AuditEntry[] {
      return audit;
    }
  }
  return AuditController;
}
