import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import {
  toMoney,
  type Milestone,
  type PendingRequirement,
  type PendingStatus,
  type PolicyPayment,
  type PolicySummary,
} from '@portal/domain/contracts/policies/policy-fields';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import type { PaymentJson, PendingJson, PolicyDocument } from './policies.repository';
import type { MilestoneRow } from './policy-milestones.repository';
import type { PolicySummaryRow } from './policy-scope.repository';

const nameOrNull = (first: string | null, last: string | null, firstKh: string | null, lastKh: string | null) =>
  first === null || last === null ? null : { firstName: first, lastName: last, firstNameKh: firstKh, lastNameKh: lastKh };

export function toPolicySummary(row: PolicySummaryRow): PolicySummary {
  const owner = nameOrNull(row.ownerFirstName, row.ownerLastName, row.ownerFirstNameKh, row.ownerLastNameKh);
  return {
    policyNumber: row.policyNumber,
    productCode: row.productCode,
    planKey: row.planKey,
    status: row.status,
    statusDate: row.statusDate,
    premiumMode: row.premiumMode,
    modalPremium: toMoney(row.modalPremium, row.currency),
    sumAssured: toMoney(row.sumAssured, row.currency),
    effectiveDate: row.effectiveDate,
    paidToDate: row.paidToDate,
    maturityDate: row.maturityDate,
    graceEndDate: row.graceEndDate,
    owner: owner ? { ...owner, phone: row.ownerPhone } : null,
    insured: nameOrNull(row.insuredFirstName, row.insuredLastName, row.insuredFirstNameKh, row.insuredLastNameKh),
  };
}

export function toPayment(row: PaymentJson): PolicyPayment {
  return {
    id: row.id,
    paymentDate: row.paymentDate,
    amount: toMoney(Number(row.amount), row.currency),
    paymentType: row.paymentType,
    bankCode: row.bankCode,
    reference: row.reference,
    sourcePolicyNumber: row.sourcePolicyNumber,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
  };
}

export function pendingStatus(row: Pick<PendingJson, 'status' | 'submitted'>): PendingStatus {
  return row.status === 'outstanding' && row.submitted ? 'submitted' : row.status;
}

export function toPending(row: PendingJson): PendingRequirement {
  return {
    code: row.code,
    descriptionEn: row.descriptionEn,
    descriptionKm: row.descriptionKm,
    requestedDate: row.requestedDate,
    dueDate: row.dueDate,
    status: pendingStatus(row),
    documents: row.documents.map((d) => ({
      id: d.id,
      fileName: d.fileName,
      mediaType: d.mediaType,
      size: Number(d.size),
      uploadedAt: instantToOffsetDateTime(new Date(d.uploadedAtMs)),
    })),
  };
}

export function toMilestone(row: MilestoneRow): Milestone {
  return {
    date: row.date,
    type: row.type,
    policyNumber: row.policyNumber,
    linkType: row.linkType,
    name: nameOrNull(row.firstName, row.lastName, row.firstNameKh, row.lastNameKh),
    descriptionEn: row.descriptionEn,
    descriptionKm: row.descriptionKm,
    amount: row.amount === null || row.currency === null ? null : toMoney(Number(row.amount), row.currency),
  };
}

/** The details response from the one-query document. */
export function toPolicyDetails(doc: PolicyDocument): PolicyDetailsResponse {
  const cur: CurrencyCode = doc.currency;
  const money = (minor: number) => toMoney(Number(minor), cur);
  const clients = doc.clients.map((c) => ({ ...c }));
  const owner = clients.find((c) => c.linkType === 'O') ?? null;
  const insured = clients.find((c) => c.linkType === 'I') ?? null;
  return {
    ...toPolicySummary({
      id: doc.id,
      policyNumber: doc.policyNumber,
      productCode: doc.productCode,
      planKey: doc.planKey,
      status: doc.status,
      statusDate: doc.statusDate,
      premiumMode: doc.premiumMode,
      modalPremium: Number(doc.modalPremium),
      sumAssured: Number(doc.sumAssured),
      currency: cur,
      effectiveDate: doc.effectiveDate,
      paidToDate: doc.paidToDate,
      maturityDate: doc.maturityDate,
      graceEndDate: doc.graceEndDate,
      ownerFirstName: owner?.firstName ?? null,
      ownerLastName: owner?.lastName ?? null,
      ownerFirstNameKh: owner?.firstNameKh ?? null,
      ownerLastNameKh: owner?.lastNameKh ?? null,
      ownerPhone: owner?.phone ?? null,
      insuredFirstName: insured?.firstName ?? null,
      insuredLastName: insured?.lastName ?? null,
      insuredFirstNameKh: insured?.firstNameKh ?? null,
      insuredLastNameKh: insured?.lastNameKh ?? null,
    }),
    issueDate: doc.issueDate,
    currency: cur,
    policyTerm: doc.policyTerm,
    premiumTerm: doc.premiumTerm,
    deliveryStatus: doc.deliveryStatus,
    deliveryStatusDate: doc.deliveryStatusDate,
    version: doc.version,
    importedAt: instantToOffsetDateTime(new Date(doc.importedAtMs)),
    agent: {
      userId: doc.agent.userId,
      displayName: doc.agent.displayName,
      displayNameKh: doc.agent.displayNameKh,
      agentCode: doc.agent.agentCode,
      agencyCode: doc.agent.agencyCode,
      agencyName: doc.agent.agencyName,
    },
    owner,
    insured,
    payor: clients.find((c) => c.linkType === 'P') ?? null,
    clients,
    beneficiaries: doc.beneficiaries.map((b) => ({
      priority: b.priority,
      firstName: b.firstName,
      lastName: b.lastName,
      firstNameKh: b.firstNameKh,
      lastNameKh: b.lastNameKh,
      shareBenifit: b.shareBasisPoints / 100,
      relationship: b.relationship,
      gender: b.gender,
      dateOfBirth: b.dateOfBirth,
    })),
    coverages: doc.coverages.map((c) => ({ ...c, faceAmount: money(c.faceAmount), premium: money(c.premium) })),
    issuance: doc.issuance,
    values: doc.values.map((v) => ({
      policyYear: v.policyYear,
      cashValue: money(v.cashValue),
      surrenderValue: money(v.surrenderValue),
      paidUpValue: money(v.paidUpValue),
    })),
    payments: {
      recent: doc.recentPayments.map(toPayment),
      count: Number(doc.paymentCount),
      totals: doc.paymentTotals.map((t) => toMoney(Number(t.total), t.currency)),
      lastPaymentDate: doc.lastPaymentDate,
    },
    claims: doc.claims.map((c) => ({
      claimNumber: c.claimNumber,
      claimType: c.claimType as PolicyDetailsResponse['claims'][number]['claimType'],
      status: c.status as PolicyDetailsResponse['claims'][number]['status'],
      eventDate: c.eventDate,
      submittedDate: c.submittedDate,
      decisionDate: c.decisionDate,
      claimedAmount: money(c.claimedAmount),
      paidAmount: c.paidAmount === null ? null : money(c.paidAmount),
    })),
    milestones: doc.milestones.map(toMilestone),
    pending: doc.pending.map(toPending),
  };
}
