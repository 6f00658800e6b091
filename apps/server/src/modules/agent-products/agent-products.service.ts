import type {
  AgentListResponse,
  AgentProductsResponse,
  SaveAgentProductsRequest,
} from '@portal/domain/contracts/candidates/agent-products';
import type { ProductCode } from '@portal/domain/codes/products';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import type { AgentProductsRepository } from './agent-products.repository';
import type { Caller } from '../../plugins/caller';

/** Per-agent product permissions and code history (agency admin; agents of their agency only, others 404). */
export class AgentProductsService {
  constructor(
    private readonly repository: AgentProductsRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The caller's agency's advisors and trainees; an admin with no agency manages nobody (403). */
  async agents(caller: Caller): Promise<AgentListResponse> {
    if (!caller.user.agencyId) throw AppError.http(403);
    const rows = await this.repository.agents(caller.user.agencyId);
    await this.audit.record({
      actorUserId: caller.user.id,
      action: 'read',
      entity: 'agent_list',
      entityId: caller.user.agencyId,
      ip: caller.ip,
      details: { count: rows.length },
    });
    return {
      items: rows.map((r) => ({
        id: r.id,
        displayName: r.displayName,
        displayNameKh: r.displayNameKh,
        agentCode: r.agentCode,
        roles: r.roles,
        restricted: r.settingUserId !== null,
        productCount: r.settingUserId === null ? 0 : Number(r.productCount),
      })),
    };
  }

  async find(caller: Caller, agentUserId: string): Promise<AgentProductsResponse> {
    // An admin with no agency manages nobody (never "every agency").
    if (!caller.user.agencyId) throw AppError.http(403);
    const agent = await this.repository.agent(agentUserId, caller.user.agencyId);
    if (!agent) throw AppError.http(404);
    const [saved, codes] = await Promise.all([this.repository.permissions(agent.id), this.repository.codes(agent.id)]);
    return {
      agent: { id: agent.id, displayName: agent.displayName, username: agent.username, agentCode: agent.agentCode, roles: agent.roles },
      restricted: saved !== undefined,
      productCodes: (saved?.productCodes ?? []) as ProductCode[],
      codes: codes.map((c) => ({
        agentCode: c.agentCode,
        validFrom: instantToOffsetDateTime(c.validFrom),
        validTo: c.validTo ? instantToOffsetDateTime(c.validTo) : null,
        reason: c.reason,
      })),
      version: saved?.version ?? 0,
    };
  }

  async save(caller: Caller, body: SaveAgentProductsRequest): Promise<AgentProductsResponse> {
    if (!caller.user.agencyId) throw AppError.http(403);
    const agent = await this.repository.agent(body.agentUserId, caller.user.agencyId);
    if (!agent) throw AppError.http(404);
    const codes = [...new Set(body.productCodes)];
    await this.audit.change(async () => {
      if (!(await this.repository.save(agent.id, codes, body.version, caller.user.id, this.clock.now()))) throw AppError.http(409);
      await this.audit.record({
        actorUserId: caller.user.id,
        action: 'update',
        entity: 'agent_product_permission',
        entityId: agent.id,
        ip: caller.ip,
        details: { productCodes: codes },
      });
    });
    return this.find(caller, agent.id);
  }
}
