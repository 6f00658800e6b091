import type { FastifyRequest } from 'fastify';
import type { AuditLogRow } from '../../db/schema/audit-log.table';
import type { AuditRepository } from './audit.repository';

export interface AuditEntry {
  /** null for an anonymous caller (a failed sign-in, a secure link). */
  actorUserId: string | null;
  /** `read`, `create`, `update`, `delete`, `submit`, `login`, `login_failed`, … */
  action: string;
  /** `contact`, `application`, `policy`, `user`, … */
  entity: string;
  entityId?: string | null;
  ip?: string | null;
  /** Ids, changed field NAMES, reasons: never the personal or health data itself. */
  details?: Record<string, unknown> | null;
}

/**
 * Records who read or changed personal or health data (DESIGN.md §5). Use `app.audit`:
 *   await app.audit.record({ actorUserId: user.id, action: 'read', entity: 'contact', entityId: id, ip: request.ip });
 *   await app.audit.recordRequest(request, 'update', 'contact', id, { fields: ['phone'] });
 */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.repository.insert({
      actorUserId: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ?? null,
    });
  }

  /** The same, taking the actor and address from the request. */
  recordRequest(
    request: Pick<FastifyRequest, 'user' | 'ip'>,
    action: string,
    entity: string,
    entityId?: string | null,
    details?: Record<string, unknown>,
  ): Promise<void> {
    return this.record({ actorUserId: request.user?.id ?? null, action, entity, entityId, ip: request.ip, details });
  }

  history(entity: string, entityId: string): Promise<AuditLogRow[]> {
    return this.repository.findByEntity(entity, entityId);
  }
}
