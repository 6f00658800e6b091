import { randomUUID } from 'node:crypto';
import type { Language } from '@portal/domain/codes/languages';
import {
  PROPOSAL_LINK_TTL_SECONDS,
  PROPOSAL_NO_PHONE_KEY,
  PROPOSAL_SENDS_PER_DAY,
  PROPOSAL_VIEW_TTL_SECONDS,
  type CustomerProposal,
  type OpenProposalLinkResponse,
  type SendProposalRequest,
  type SendProposalResponse,
} from '@portal/domain/contracts/proposals/send-to-customer';
import { proposalReportFileName } from '@portal/domain/contracts/proposals/find-proposal-report';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { centsToDecimal } from '@portal/domain/format/money';
import type { ProposalRow } from '../../db/schema/proposal.table';
import { AppError } from '../../lib/app-error';
import { signLinkToken, verifyLinkToken } from '../../lib/link-token';
import type { Caller } from '../../plugins/caller';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { AuditService } from '../audit/audit.service';
import { sha256 } from '../auth/auth-crypto';
import { maskPhone } from '../auth/auth.service';
import type { CallContext } from '../auth/otp.service';
import { linkExpired } from '../candidates/candidate-common';
import type { QuoteEngine } from './proposal-engine';
import type { ProposalPaymentService } from './proposal-payment';
import type { ProposalLinksRepository } from './proposal-links.repository';
import type { ProposalsRepository } from './proposals.repository';
import type { ProposalsService } from './proposals.service';

const LINK_PURPOSE = 'proposal-link';
const VIEW_PURPOSE = 'proposal-view';
const AUDIT_ENTITY = 'proposal';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProposalSendConfig {
  jwtSecret: string;
  /** Where the portal is reached from outside: the link's origin. */
  publicOrigin: string;
}

/** The SMS, in the language the advisor chose for the customer. */
function smsBody(lang: Language, proposalNumber: string, advisorName: string, link: string): string {
  return lang === 'km'
    ? `សំណើធានារ៉ាប់រង ${proposalNumber} ពី ${advisorName}៖ ${link} (បើកបានតែម្តង ក្នុងរយៈពេល ៧២ ម៉ោង)`
    : `Your insurance proposal ${proposalNumber} from ${advisorName}: ${link} (opens once, within 72 hours)`;
}

/** A customer's view of a sent proposal, from a view token this server signed: its link and proposal. */
export interface ProposalView {
  linkId: string;
  proposalId: string;
}

/**
 * Sending a proposal to the customer (contracts/proposals/send-to-customer.ts): the selling
 * advisor sends the policy owner an SMS (through the outbox) with a signed, expiring, single-use
 * link; opening it spends the link for a view token that shows the proposal, its KHQR payment code
 * and its PDF for a day, without an account. Sends, opens and downloads are audited.
 */
export class ProposalSendService {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
    private readonly links: ProposalLinksRepository,
    private readonly payments: ProposalPaymentService,
    private readonly engine: QuoteEngine,
    private readonly audit: AuditService,
    private readonly sms: SmsProvider,
    private readonly now: () => Date,
    private readonly config: ProposalSendConfig,
  ) {}

  async send(caller: Caller, id: string, body: SendProposalRequest): Promise<SendProposalResponse> {
    const row = await this.proposals.requireVisible(caller, id);
    // Agency staff may read a proposal; only the advisor who sold it sends it.
    if (row.ownerUserId !== caller.user.id) throw AppError.http(404);
    const owner = await this.repository.findContact(row.ownerUserId, row.policyOwnerContactId);
    if (!owner?.phone) throw new AppError(422, PROPOSAL_NO_PHONE_KEY, PROPOSAL_NO_PHONE_KEY, [{ field: 'phone', key: 'required' }]);
    const phone = owner.phone;
    const now = this.now();
    const sent = await this.links.countSince(row.id, new Date(now.getTime() - DAY_MS));
    if (sent >= PROPOSAL_SENDS_PER_DAY) throw AppError.http(429, { retryAfter: 60 * 60 });
    const advisor = await this.repository.findAdvisor(row.ownerUserId);
    const advisorName = (body.lang === 'km' ? advisor?.displayNameKh : null) || advisor?.displayName || '';
    const linkId = randomUUID();
    const token = await signLinkToken(this.config.jwtSecret, LINK_PURPOSE, { id: linkId, subject: row.id }, now, PROPOSAL_LINK_TTL_SECONDS);
    const expiresAt = new Date(now.getTime() + PROPOSAL_LINK_TTL_SECONDS * 1000);
    const maskedPhone = maskPhone(phone);
    return this.audit.change(async () => {
      // The KHQR the customer will scan exists before the SMS leaves.
      const payment = await this.payments.forProposal(row, now);
      await this.links.add({
        id: linkId,
        proposalId: row.id,
        tokenHash: sha256(token),
        lang: body.lang,
        maskedPhone,
        expiresAt,
        createdBy: caller.user.id,
        at: now,
      });
      const link = `${this.config.publicOrigin}/customer/proposal#token=${token}`;
      await this.sms.send({
        to: phone,
        purpose: 'proposal-link',
        body: smsBody(body.lang, row.proposalNumber, advisorName, link),
        payload: { link },
      });
      await this.repository.setStatus(row.id, ['quoted', 'presented'], 'paymentRequested', caller.user.id, now);
      await this.audit.record({
        actorUserId: caller.user.id,
        action: 'send',
        entity: AUDIT_ENTITY,
        entityId: row.id,
        ip: caller.ip,
        details: { linkId, lang: body.lang, to: maskedPhone, paymentReference: payment.paymentReference },
      });
      return { maskedPhone, expiresAt: instantToOffsetDateTime(expiresAt), expiresIn: PROPOSAL_LINK_TTL_SECONDS };
    });
  }

  /** Spends the link in the SMS: the proposal and a view token for the page. Anything but a live link is 410. */
  async open(token: string, context: CallContext): Promise<OpenProposalLinkResponse> {
    const now = this.now();
    const claims = await verifyLinkToken(this.config.jwtSecret, LINK_PURPOSE, token, now);
    if (!claims) throw linkExpired();
    const link = await this.links.findByHash(sha256(token));
    if (!link || link.id !== claims.id || link.usedAt || link.revokedAt || link.expiresAt <= now) throw linkExpired();
    const row = await this.links.findProposal(link.proposalId);
    if (!row) throw linkExpired();
    const viewToken = await signLinkToken(
      this.config.jwtSecret,
      VIEW_PURPOSE,
      { id: link.id, subject: row.id },
      now,
      PROPOSAL_VIEW_TTL_SECONDS,
    );
    const proposal = await this.audit.change(async () => {
      if (!(await this.links.use(link.id, now))) throw linkExpired();
      await this.customerRecord('customer_open', row.id, link.id, context);
      return this.view(row, link.lang === 'km' ? 'km' : 'en', now);
    });
    return { viewToken, expiresIn: PROPOSAL_VIEW_TTL_SECONDS, proposal };
  }

  /** The proposal again, for the page's view token (a reload). */
  async find(view: ProposalView, context: CallContext): Promise<CustomerProposal> {
    const { row, linkId, lang } = await this.viewed(view);
    const now = this.now();
    return this.audit.change(async () => {
      await this.customerRecord('customer_read', row.id, linkId, context);
      return this.view(row, lang, now);
    });
  }

  /** The illustration PDF for the page's view token, in `lang`. */
  async report(view: ProposalView, lang: Language, context: CallContext): Promise<{ fileName: string; pdf: Buffer }> {
    const { row, linkId } = await this.viewed(view);
    const pdf = await this.proposals.illustration(row, lang);
    await this.customerRecord('customer_download', row.id, linkId, context, { lang });
    return { fileName: proposalReportFileName(row.proposalNumber, lang), pdf };
  }

  /**
   * What a view token names when this server signed it and it has not expired, else null. The
   * routes check it before the query and hand it to the methods above.
   */
  async viewOf(viewToken: string | undefined): Promise<ProposalView | null> {
    const claims = viewToken ? await verifyLinkToken(this.config.jwtSecret, VIEW_PURPOSE, viewToken, this.now()) : null;
    return claims && { linkId: claims.id, proposalId: claims.subject };
  }

  /** The proposal and link of a view; either gone is 401 (the page asks for a new link). */
  private async viewed(view: ProposalView): Promise<{ row: ProposalRow; linkId: string; lang: Language }> {
    const [row, link] = await Promise.all([this.links.findProposal(view.proposalId), this.links.findById(view.linkId)]);
    if (!row || !link || link.proposalId !== row.id) throw AppError.http(401);
    return { row, linkId: link.id, lang: link.lang === 'km' ? 'km' : 'en' };
  }

  private customerRecord(action: string, proposalId: string, linkId: string, context: CallContext, extra: Record<string, unknown> = {}) {
    return this.audit.record({
      actorUserId: null,
      action,
      entity: AUDIT_ENTITY,
      entityId: proposalId,
      ip: context.ip,
      details: { linkId, ...extra },
    });
  }

  private async view(row: ProposalRow, lang: Language, now: Date): Promise<CustomerProposal> {
    const [names, advisor, payment] = await Promise.all([
      this.engine.names(),
      this.repository.findAdvisor(row.ownerUserId),
      this.payments.forProposal(row, now),
    ]);
    const bilingual = (name: { name: string; nameKh: string } | null, fallback: string) => ({
      name: name?.name ?? fallback,
      nameKh: name?.nameKh ?? null,
    });
    const person = (p: ProposalRow['lifeInsured']) => ({
      name: `${p.firstName} ${p.lastName}`,
      nameKh: p.firstNameKh || p.lastNameKh ? [p.lastNameKh, p.firstNameKh].filter(Boolean).join(' ') : null,
    });
    const plan = names.plan(row.productCode, row.planKey);
    return {
      proposalNumber: row.proposalNumber,
      lang,
      product: bilingual(names.product(row.productCode), row.productCode),
      plan: plan ? bilingual(plan, row.planKey) : null,
      riders: row.riders.map((r) => ({ ...bilingual(names.rider(r.code), r.code), faceAmount: r.faceAmount ?? null })),
      lifeInsured: person(row.lifeInsured),
      policyOwner: person(row.policyOwner),
      faceAmount: centsToDecimal(row.faceAmountCents),
      policyTerm: row.policyTerm,
      premiumTerm: row.premiumTerm,
      premiumMode: row.premiumMode,
      premium: centsToDecimal(row.premiumCents),
      advisor: { name: advisor?.displayName ?? '', nameKh: advisor?.displayNameKh ?? null, phone: advisor?.phone ?? null },
      payment: {
        paymentReference: payment.paymentReference,
        amount: centsToDecimal(payment.amountCents),
        currency: 'USD',
        khqr: payment.khqr,
        qrImage: payment.qrImage,
        merchantName: payment.merchantName,
        expiresAt: instantToOffsetDateTime(payment.expiresAt),
      },
    };
  }
}
