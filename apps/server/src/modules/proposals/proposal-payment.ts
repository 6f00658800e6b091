import { BakongKHQR, khqrData, MerchantInfo } from 'bakong-khqr';
import QRCode from 'qrcode';
import type { KhqrMerchant } from '../../config';
import type { ProposalPaymentRow } from '../../db/schema/proposal-payment.table';
import type { ProposalRow } from '../../db/schema/proposal.table';
import type { PaymentByReference, ProposalsRepository } from './proposals.repository';

/** A KHQR string stays payable this long after it was made. */
const KHQR_VALID_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A payment reference of a proposal: `OPC`, the proposal number's digits, for every reference
 * after the first its issue number (two digits or more), and an ISO 7064 mod 97-10 check pair:
 * OPC0000001262 (PR00000012's first), OPC000000120281 (its second, issued after the premium changed).
 * Unique because proposal numbers are (8 digits), and a mistyped reference is caught by its
 * check digits.
 */
export function paymentReferenceFor(proposalNumber: string, issue = 1): string {
  const digits = `${proposalNumber.replace(/\D/g, '')}${issue > 1 ? String(issue).padStart(2, '0') : ''}`;
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

const QR_IMAGES_KEPT = 500;

/** The KHQR string as an SVG QR code (error correction M), as a data URL. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Makes the merchant KHQR (Bakong) string for an amount in USD cents, with the reference as the bill number. */
export function makeKhqr(merchant: KhqrMerchant, reference: string, amountCents: number, expiresAt: Date): { qr: string; md5: string } {
  const info = new MerchantInfo(
    merchant.bakongAccountId,
    merchant.merchantName,
    merchant.merchantCity,
    merchant.merchantId,
    merchant.acquiringBank,
    {
      currency: khqrData.currency.usd,
      amount: amountCents / 100,
      billNumber: reference,
      expirationTimestamp: expiresAt.getTime(),
    },
  );
  const result = new BakongKHQR().generateMerchant(info);
  if (result.status.code !== 0 || !result.data)
    throw new Error(`KHQR generation failed: ${String(result.status.errorCode)} ${String(result.status.message)}`);
  return result.data;
}

/**
 * The first-premium payment of a proposal (KHQR). A reference stands for one amount: asking again
 * gives the same reference and string while the premium is unchanged (a new string under the same
 * reference only once the old one expired). When an edit changes the premium, the edit itself
 * withdraws the reference (proposal_payment_superseded) and the next request issues a new one for
 * the new amount, so the old code, if still scanned, pays a reference recognised as superseded
 * (`byReference`) rather than the live one.
 */
export class ProposalPaymentService {
  /** The latest QR images by KHQR string (a PDF and a detail ask for the same one again). */
  private readonly qrImages = new Map<string, string>();

  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly merchant: KhqrMerchant,
  ) {}

  private async qrImage(khqr: string): Promise<string> {
    const kept = this.qrImages.get(khqr);
    if (kept) return kept;
    const url = await qrSvgDataUrl(khqr);
    if (this.qrImages.size >= QR_IMAGES_KEPT) this.qrImages.delete(this.qrImages.keys().next().value as string);
    this.qrImages.set(khqr, url);
    return url;
  }

  private async view(row: ProposalPaymentRow): Promise<PaymentView> {
    return {
      paymentReference: row.paymentReference,
      amountCents: row.amountCents,
      khqr: row.khqr,
      khqrMd5: row.khqrMd5,
      qrImage: await this.qrImage(row.khqr),
      merchantName: this.merchant.merchantName,
      expiresAt: row.expiresAt,
    };
  }

  async forProposal(proposal: Pick<ProposalRow, 'id' | 'premiumCents'>, now: Date): Promise<PaymentView> {
    // The usual answer, read without a lock: the stored code is for this premium and still payable.
    const current = await this.proposals.findPayment(proposal.id);
    if (current && current.amountCents === proposal.premiumCents && current.expiresAt.getTime() > now.getTime()) return this.view(current);
    const saved = await this.proposals.livePayment(proposal.id, now, (issue) => {
      const paymentReference = issue.reference ?? paymentReferenceFor(issue.proposalNumber, issue.issue);
      const expiresAt = new Date(now.getTime() + KHQR_VALID_MS);
      const khqr = makeKhqr(this.merchant, paymentReference, issue.amountCents, expiresAt);
      return { paymentReference, khqr: khqr.qr, khqrMd5: khqr.md5, expiresAt };
    });
    return this.view(saved);
  }

  /** What a reference a payment names is: the proposal's live one, one superseded by an edit, or unknown. */
  byReference(reference: string): Promise<PaymentByReference | undefined> {
    return this.proposals.paymentByReference(reference.trim().toUpperCase());
  }
}
