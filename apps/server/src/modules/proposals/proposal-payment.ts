import { BakongKHQR, khqrData, MerchantInfo } from 'bakong-khqr';
import QRCode from 'qrcode';
import type { ProposalPaymentRow } from '../../db/schema/proposal-payment.table';
import type { ProposalRow } from '../../db/schema/proposal.table';
import type { ProposalsRepository } from './proposals.repository';

/**
 * The insurer's Bakong merchant account that receives first premiums. The defaults are the demo
 * account; a deployment sets the real one with KHQR_BAKONG_ACCOUNT, KHQR_MERCHANT_ID,
 * KHQR_ACQUIRING_BANK (read once at start).
 */
export interface KhqrMerchant {
  bakongAccountId: string;
  merchantName: string;
  merchantCity: string;
  merchantId: string;
  acquiringBank: string;
}

export function khqrMerchantFromEnv(env: NodeJS.ProcessEnv = process.env): KhqrMerchant {
  return {
    bakongAccountId: env.KHQR_BAKONG_ACCOUNT || 'lifeinsurer@aclb',
    merchantName: 'Life Insurer Cambodia',
    merchantCity: 'Phnom Penh',
    merchantId: env.KHQR_MERCHANT_ID || '100200300',
    acquiringBank: env.KHQR_ACQUIRING_BANK || 'ACLBKHPP',
  };
}

/** A KHQR string stays payable this long after it was made. */
const KHQR_VALID_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The payment reference of a proposal: `OPC`, the proposal number's digits and an ISO 7064
 * mod 97-10 check pair, e.g. OPC0000001294. One proposal, one reference, for ever (unique
 * because proposal numbers are), and a mistyped reference is caught by its check digits.
 */
export function paymentReferenceFor(proposalNumber: string): string {
  const digits = proposalNumber.replace(/\D/g, '');
  const check = 98 - Number((BigInt(digits) * 100n) % 97n);
  return `OPC${digits}${String(check).padStart(2, '0')}`;
}

export interface PaymentView {
  paymentReference: string;
  amountCents: number;
  khqr: string;
  khqrMd5: string;
  /** data:image/svg+xml;base64,... */
  qrImage: string;
  merchantName: string;
  expiresAt: Date;
}

/** The KHQR string as an SVG QR code (error correction M), as a data URL. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Makes the merchant KHQR (Bakong) string for an amount in USD cents, with the reference as the bill number. */
export function makeKhqr(merchant: KhqrMerchant, reference: string, amountCents: number, expiresAt: Date): { qr: string; md5: string } {
  const info = new MerchantInfo(merchant.bakongAccountId, merchant.merchantName, merchant.merchantCity, merchant.merchantId, merchant.acquiringBank, {
    currency: khqrData.currency.usd,
    amount: amountCents / 100,
    billNumber: reference,
    expirationTimestamp: expiresAt.getTime(),
  });
  const result = new BakongKHQR().generateMerchant(info);
  if (result.status.code !== 0 || !result.data) throw new Error(`KHQR generation failed: ${String(result.status.errorCode)} ${String(result.status.message)}`);
  return result.data;
}

/**
 * The first-premium payment of a proposal (KHQR). The reference is made once and kept; the KHQR
 * string is kept with the proposal version it was made for, so asking again gives the same string
 * until the proposal (and so perhaps its premium) changes.
 */
export class ProposalPaymentService {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly merchant: KhqrMerchant = khqrMerchantFromEnv(),
  ) {}

  private async view(row: ProposalPaymentRow): Promise<PaymentView> {
    return {
      paymentReference: row.paymentReference,
      amountCents: row.amountCents,
      khqr: row.khqr,
      khqrMd5: row.khqrMd5,
      qrImage: await qrSvgDataUrl(row.khqr),
      merchantName: this.merchant.merchantName,
      expiresAt: row.expiresAt,
    };
  }

  async forProposal(proposal: ProposalRow, now: Date): Promise<PaymentView> {
    const stored = await this.proposals.findPayment(proposal.id);
    if (stored && stored.proposalVersion === proposal.version && stored.expiresAt.getTime() > now.getTime()) return this.view(stored);
    const reference = stored?.paymentReference ?? paymentReferenceFor(proposal.proposalNumber);
    const expiresAt = new Date(now.getTime() + KHQR_VALID_MS);
    const khqr = makeKhqr(this.merchant, reference, proposal.premiumCents, expiresAt);
    const saved = await this.proposals.savePayment({
      proposalId: proposal.id,
      paymentReference: reference,
      amountCents: proposal.premiumCents,
      currency: 'USD',
      khqr: khqr.qr,
      khqrMd5: khqr.md5,
      proposalVersion: proposal.version,
      expiresAt,
      at: now,
    });
    return this.view(saved);
  }
}
