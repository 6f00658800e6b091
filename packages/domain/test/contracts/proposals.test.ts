import { describe, expect, it } from 'vitest';
import { createProposalRequestSchema } from '../../src/contracts/proposals/create-proposal';
import { proposalReportFileName } from '../../src/contracts/proposals/find-proposal-report';

const INSURED = '0b6f4b8e-1d2c-4c3b-9a7e-2f1d5c6b7a80';
const OWNER = '5a1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

function fieldErrors(input: unknown): Record<string, string> {
  const result = createProposalRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const base = { lifeInsuredContactId: INSURED, productCode: 'TERM', faceAmount: '25,000', premiumMode: 'annual' };

describe('proposal PDF file name', () => {
  it('keeps only capitals, digits and hyphens of the number, and the language', () => {
    expect(proposalReportFileName('PR00000012"; x', 'km')).toBe('proposal-PR00000012-km.pdf');
    expect(proposalReportFileName('PR00000012', 'fr')).toBe('proposal-PR00000012-en.pdf');
  });
});

describe('proposal request rules (shared by the quote form and the server)', () => {
  it("reads a typed face amount with thousands commas into the engine's two-decimal form", () => {
    const parsed = createProposalRequestSchema.parse({ ...base, faceAmount: ' 25,000.5 ' });
    expect(parsed.faceAmount).toBe('25000.50');
    expect(createProposalRequestSchema.parse({ ...base, faceAmount: '007' }).faceAmount).toBe('7.00');
  });

  it('rejects a face amount that is not a number (pattern) or missing (required)', () => {
    expect(fieldErrors({ ...base, faceAmount: '12.345' })).toEqual({ faceAmount: 'pattern' });
    expect(fieldErrors({ ...base, faceAmount: '-5' })).toEqual({ faceAmount: 'pattern' });
    expect(fieldErrors({ ...base, faceAmount: '' })).toEqual({ faceAmount: 'required' });
  });

  it('a separate owner needs a two-digit relationship code; the insured as owner needs none', () => {
    expect(fieldErrors({ ...base, policyOwnerContactId: OWNER })).toEqual({ relationshipCode: 'required' });
    expect(fieldErrors({ ...base, policyOwnerContactId: OWNER, relationshipCode: '8' })).toEqual({ relationshipCode: 'pattern' });
    expect(fieldErrors({ ...base, policyOwnerContactId: OWNER, relationshipCode: '51' })).toEqual({});
    expect(fieldErrors({ ...base, policyOwnerContactId: INSURED })).toEqual({});
    expect(createProposalRequestSchema.parse({ ...base, policyOwnerContactId: '' }).policyOwnerContactId).toBeUndefined();
  });

  it('names the field of every other broken rule', () => {
    expect(fieldErrors({ ...base, lifeInsuredContactId: 'not-an-id' })).toEqual({ lifeInsuredContactId: 'invalid' });
    expect(fieldErrors({ ...base, lifeInsuredContactId: '' })).toEqual({ lifeInsuredContactId: 'required' });
    expect(fieldErrors({ ...base, premiumMode: 'weekly' })).toEqual({ premiumMode: 'invalid' });
    expect(fieldErrors({ ...base, policyTerm: 0 })).toEqual({ policyTerm: 'min' });
    expect(fieldErrors({ ...base, riders: [{ code: '' }] })).toEqual({ 'riders.0.code': 'required' });
  });
});
