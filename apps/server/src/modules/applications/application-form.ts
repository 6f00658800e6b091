import type { Language } from '@portal/domain/codes/languages';
import { LANGUAGE_TAGS } from '@portal/domain/codes/languages';
import { HEALTH_QUESTIONS } from '@portal/domain/codes/health-questions';
import type { ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData, PersonDraft, Signature, SignatureParty } from '@portal/domain/contracts/applications/application-steps';
import { SIGNATURE_IMAGE_PREFIX } from '@portal/domain/contracts/applications/application-steps';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatUsdAmount } from '@portal/domain/format/money';
import { isSignedInPerson } from '@portal/domain/rules/declaration-signatures';
import {
  BANK_LABELS,
  DOCUMENT_LABELS,
  GENDER_LABELS,
  GROUP_LABELS,
  ID_TYPE_LABELS,
  PAYMENT_LABELS,
  PREMIUM_BANK_LABELS,
  PREMIUM_MODE_LABELS,
  PRIORITY_LABELS,
  REFERRER_LABELS,
  RELATIONSHIP_LABELS,
  RELATIONSHIP_OTHER_LABEL,
} from '@portal/domain/codes/application-labels';
import { BANK_BRANCHES } from '@portal/domain/codes/bank-branches';
import { bankCodeForReferrer, isBankCode, isReferrerCode, type BankCode } from '@portal/domain/codes/referrers';
import { html, raw, type RawHtml } from '../../providers/pdf/html';
import { khmerFontFaceCss, PDF_FONT_FAMILY } from '../../providers/pdf/khmer-font';
import { codeLabel, labelText } from './application-form-labels';

/**
 * The application form (report `application-form`): every step's answers, the documents received
 * and the three signatures as drawn (or typed), in English or Khmer. Rendered by the Chromium
 * pool; every value is escaped by `html`; a signature image is used only when it is a PNG data URL.
 * Codes print as their labels in the form's language — the screens' own labels
 * (@portal/domain/codes/application-labels, from the language files), products, plans and riders
 * by their catalogue names like the proposal PDF, partner banks and their branches by name.
 */
const TEXT = {
  en: {
    title: 'Insurance application form',
    number: 'Application number',
    proposal: 'Proposal number',
    status: 'Status',
    submitted: 'Submitted on',
    advisor: 'Advisor',
    statuses: { P: 'Pending', S: 'Submitted' },
    personal: '1. Personal information',
    lifeInsured: 'Life insured (I)',
    policyOwner: 'Policy owner (O)',
    payor: 'Policy payor (P)',
    sameAsInsured: 'Same as the life insured',
    sameAsOwner: 'Same as the policy owner',
    name: 'Name',
    nameKh: 'Khmer name',
    nameLatin: 'Name in Latin letters',
    gender: 'Gender',
    dob: 'Date of birth',
    id: 'Identification',
    expiry: 'ID expiry',
    phone: 'Phone',
    occupation: 'Occupation',
    address: 'Address',
    relationship: 'Relationship to the life insured',
    beneficiaries: 'Beneficiaries',
    relationshipShort: 'Relationship',
    priority: 'Priority',
    share: 'Share',
    product: '2. Product',
    productCode: 'Product',
    plan: 'Plan',
    faceAmount: 'Face amount',
    term: 'Policy / premium term',
    years: (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`,
    mode: 'Premium mode',
    premium: 'Premium',
    riders: 'Riders',
    payment: 'Payment type',
    health: '3. Health questionnaire',
    question: 'Question',
    answer: 'Answer',
    details: 'Details',
    ownerAnswers: 'Policy owner',
    yes: 'Yes',
    no: 'No',
    declaration: '4. Declaration and authorization',
    declarationText:
      'I declare that the answers in this application are true and complete. I authorize the insurer to obtain medical and other information needed to assess this application.',
    advisorStatement: '5. Insurance-advisor statement',
    referrer: 'Referrer',
    bank: 'Bank',
    branch: 'Branch',
    bankReferrer: 'Bank referrer',
    supervisor: 'Supervisor',
    referralDate: 'Referral date',
    employeeId: 'Bank employee ID',
    advisorText: 'I met the customer, explained the product and witnessed the signatures.',
    signatures: 'Signatures',
    signedAt: 'Signed on',
    typed: 'Typed name',
    remote: "Signed remotely on the signer's own phone",
    remoteAt: 'Time',
    remotePhone: 'Phone (one-time code sent to)',
    remoteIp: 'IP address',
    remoteCode: 'One-time code id',
    remoteHash: 'SHA-256 of the summary read',
    parties: { policyOwner: 'Policy owner', lifeInsured: 'Life insured or guardian', advisor: 'Insurance advisor' } as Record<
      SignatureParty,
      string
    >,
    documents: '6. Supporting documents',
    group: 'Group',
    documentType: 'Document',
    file: 'File',
    none: 'None',
  },
  km: {
    title: 'ពាក្យស្នើសុំធានារ៉ាប់រង',
    number: 'លេខពាក្យស្នើសុំ',
    proposal: 'លេខសំណើ',
    status: 'ស្ថានភាព',
    submitted: 'ថ្ងៃដាក់ស្នើ',
    advisor: 'ទីប្រឹក្សា',
    statuses: { P: 'កំពុងរង់ចាំ', S: 'បានដាក់ស្នើ' },
    personal: '១. ព័ត៌មានផ្ទាល់ខ្លួន',
    lifeInsured: 'អ្នកត្រូវបានធានារ៉ាប់រង (I)',
    policyOwner: 'ម្ចាស់បណ្ណសន្យារ៉ាប់រង (O)',
    payor: 'អ្នកបង់បុព្វលាភ (P)',
    sameAsInsured: 'ដូចអ្នកត្រូវបានធានារ៉ាប់រង',
    sameAsOwner: 'ដូចម្ចាស់បណ្ណសន្យារ៉ាប់រង',
    name: 'ឈ្មោះ',
    nameKh: 'ឈ្មោះជាភាសាខ្មែរ',
    nameLatin: 'ឈ្មោះជាអក្សរឡាតាំង',
    gender: 'ភេទ',
    dob: 'ថ្ងៃខែឆ្នាំកំណើត',
    id: 'អត្តសញ្ញាណ',
    expiry: 'ថ្ងៃផុតកំណត់អត្តសញ្ញាណ',
    phone: 'ទូរស័ព្ទ',
    occupation: 'មុខរបរ',
    address: 'អាសយដ្ឋាន',
    relationship: 'ទំនាក់ទំនងជាមួយអ្នកត្រូវបានធានារ៉ាប់រង',
    beneficiaries: 'អ្នកទទួលផល',
    relationshipShort: 'ទំនាក់ទំនង',
    priority: 'អាទិភាព',
    share: 'ចំណែក',
    product: '២. ផលិតផល',
    productCode: 'ផលិតផល',
    plan: 'គម្រោង',
    faceAmount: 'ទឹកប្រាក់ធានា',
    term: 'រយៈពេលធានា / បង់បុព្វលាភ',
    years: (n: number) => `${n} ឆ្នាំ`,
    mode: 'របៀបបង់',
    premium: 'បុព្វលាភ',
    riders: 'ការធានាបន្ថែម',
    payment: 'វិធីបង់ប្រាក់',
    health: '៣. កម្រងសំណួរសុខភាព',
    question: 'សំណួរ',
    answer: 'ចម្លើយ',
    details: 'ព័ត៌មានលម្អិត',
    ownerAnswers: 'ម្ចាស់បណ្ណសន្យារ៉ាប់រង',
    yes: 'បាទ/ចាស',
    no: 'ទេ',
    declaration: '៤. សេចក្តីប្រកាស និងការអនុញ្ញាត',
    declarationText:
      'ខ្ញុំសូមប្រកាសថា ចម្លើយក្នុងពាក្យស្នើសុំនេះពិតប្រាកដ និងពេញលេញ។ ខ្ញុំអនុញ្ញាតឱ្យក្រុមហ៊ុនធានារ៉ាប់រងទទួលបានព័ត៌មានវេជ្ជសាស្ត្រ និងព័ត៌មានផ្សេងទៀតដែលត្រូវការ ដើម្បីវាយតម្លៃពាក្យស្នើសុំនេះ។',
    advisorStatement: '៥. សេចក្តីថ្លែងការណ៍របស់ទីប្រឹក្សាធានារ៉ាប់រង',
    referrer: 'អ្នកណែនាំ',
    bank: 'ធនាគារ',
    branch: 'សាខា',
    bankReferrer: 'អ្នកណែនាំពីធនាគារ',
    supervisor: 'អ្នកគ្រប់គ្រង',
    referralDate: 'ថ្ងៃណែនាំ',
    employeeId: 'លេខសម្គាល់បុគ្គលិកធនាគារ',
    advisorText: 'ខ្ញុំបានជួបអតិថិជន ពន្យល់អំពីផលិតផល និងបានធ្វើជាសាក្សីលើហត្ថលេខា។',
    signatures: 'ហត្ថលេខា',
    signedAt: 'ចុះហត្ថលេខានៅ',
    typed: 'ឈ្មោះវាយបញ្ចូល',
    remote: 'បានចុះហត្ថលេខាពីចម្ងាយ នៅលើទូរស័ព្ទផ្ទាល់ខ្លួនរបស់អ្នកចុះហត្ថលេខា',
    remoteAt: 'ពេលវេលា',
    remotePhone: 'ទូរស័ព្ទ (ដែលបានផ្ញើលេខកូដមួយដង)',
    remoteIp: 'អាសយដ្ឋាន IP',
    remoteCode: 'លេខសម្គាល់លេខកូដមួយដង',
    remoteHash: 'SHA-256 នៃសេចក្តីសង្ខេបដែលបានអាន',
    parties: { policyOwner: 'ម្ចាស់បណ្ណសន្យារ៉ាប់រង', lifeInsured: 'អ្នកត្រូវបានធានារ៉ាប់រង ឬអាណាព្យាបាល', advisor: 'ទីប្រឹក្សាធានារ៉ាប់រង' } as Record<
      SignatureParty,
      string
    >,
    documents: '៦. ឯកសារគាំទ្រ',
    group: 'ក្រុម',
    documentType: 'ប្រភេទឯកសារ',
    file: 'ឯកសារ',
    none: 'គ្មាន',
  },
} as const;

/** Catalogue names of products, plans and riders (the proposal PDF's source); null: print the codes. */
export interface ProductNames {
  product(code: string): { name: string; nameKh: string } | null;
  plan(productCode: string, planKey: string): { name: string; nameKh: string } | null;
  rider(code: string): { name: string; nameKh: string } | null;
}

/** A signature made remotely (decision 014), with its evidence. */
export interface RemoteSignatureEvidence {
  party: SignatureParty;
  image: string;
  /** Date-time with the +07:00 offset. */
  signedAt: string;
  maskedPhone: string;
  ip: string;
  codeId: string;
  summaryHash: string;
}

export interface ApplicationFormInput {
  lang: Language;
  applicationNumber: string;
  status: 'P' | 'S';
  submittedAt: string | null;
  advisorName: string;
  steps: ApplicationStepData;
  product: ApplicationProduct;
  documents: { documentCategoryCode: string; documentCode: string; fileName: string }[];
  names?: ProductNames | null;
  /** Remote signatures that still hold; one shows where its signer has no signature made in person. */
  remoteSignatures?: readonly RemoteSignatureEvidence[];
}

type Text = (typeof TEXT)[Language];

function relationshipLabel(code: string | undefined, lang: Language): string {
  if (!code) return '';
  return Object.hasOwn(RELATIONSHIP_LABELS, code)
    ? codeLabel(RELATIONSHIP_LABELS, code, lang)
    : (labelText(RELATIONSHIP_OTHER_LABEL, lang, { code }) ?? code);
}

/** A catalogue item by its name in the form's language; the code only when the catalogue does not know it. */
export function named(item: { name: string; nameKh: string } | null | undefined, lang: Language, code: string): string {
  if (!item) return code;
  return lang === 'km' && item.nameKh ? item.nameKh : item.name;
}

/** A person's name as the form's language writes it: the Khmer name (family name first) on a Khmer form when known. */
export function personName(
  lang: Language,
  p: { firstName?: string; lastName?: string; firstNameKh?: string; lastNameKh?: string },
): string {
  if (lang === 'km' && p.firstNameKh && p.lastNameKh) return `${p.lastNameKh} ${p.firstNameKh}`;
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
}

/** A partner bank by its name (the bank codes are the insurer's, not the customer's). */
function bankName(code: string | null | undefined, lang: Language): string {
  return codeLabel(BANK_LABELS, code, lang);
}

function shownDate(value: string | undefined | null): string {
  if (!value) return '';
  try {
    return formatDisplayDate(value);
  } catch {
    return value;
  }
}

function person(t: Text, lang: Language, title: string, p: PersonDraft | undefined): RawHtml {
  const q = p ?? {};
  return html`<h3>${title}</h3><dl>
    <dt>${t.name}</dt><dd>${personName(lang, q)}</dd>
    ${
      lang === 'km' && q.firstNameKh && q.lastNameKh
        ? html`<dt>${t.nameLatin}</dt><dd>${q.firstName ?? ''} ${q.lastName ?? ''}</dd>`
        : q.firstNameKh || q.lastNameKh
          ? html`<dt>${t.nameKh}</dt><dd>${q.lastNameKh ?? ''} ${q.firstNameKh ?? ''}</dd>`
          : ''
    }
    <dt>${t.gender}</dt><dd>${codeLabel(GENDER_LABELS, q.gender, lang)}</dd>
    <dt>${t.dob}</dt><dd>${shownDate(q.dateOfBirth)}</dd>
    <dt>${t.id}</dt><dd>${q.idType ? `${codeLabel(ID_TYPE_LABELS, q.idType, lang)}: ` : ''}${q.idNumber ?? ''}</dd>
    ${q.idExpiryDate ? html`<dt>${t.expiry}</dt><dd>${shownDate(q.idExpiryDate)}</dd>` : ''}
    ${q.phone ? html`<dt>${t.phone}</dt><dd>${q.phone}</dd>` : ''}
    ${q.occupation ? html`<dt>${t.occupation}</dt><dd>${q.occupation}</dd>` : ''}
    ${q.address ? html`<dt>${t.address}</dt><dd>${q.address}</dd>` : ''}
  </dl>`;
}

/**
 * The name under a signature: the person's name in the form's language when they signed under
 * their own name (the name typed is their Latin name), else the name typed (a guardian, say).
 */
function signerName(lang: Language, s: Signature | null | undefined, p: PersonDraft | undefined): string | undefined {
  if (!s) return undefined;
  const typed = s.signerName?.trim();
  const latin = p ? personName('en', p) : '';
  if (p && (!typed || typed.toLowerCase() === latin.toLowerCase())) return personName(lang, p) || typed;
  return typed;
}

function isImage(value: string | undefined): value is string {
  return (
    typeof value === 'string' &&
    value.startsWith(SIGNATURE_IMAGE_PREFIX) &&
    /^[A-Za-z0-9+/=]+$/.test(value.slice(SIGNATURE_IMAGE_PREFIX.length))
  );
}

/** A remote signature: its image and its evidence (decision 014). */
function remoteSignature(t: Text, party: SignatureParty, r: RemoteSignatureEvidence, name: string | undefined): RawHtml {
  return html`<div class="sig sig-remote" data-remote="${party}">
    <div class="sig-box">${isImage(r.image) ? html`<img alt="" src="${r.image}">` : ''}</div>
    <div>${t.parties[party]}${name ? html` — ${name}` : ''}</div>
    <div class="small">${t.remote}</div>
    <dl class="small evidence">
      <dt>${t.remoteAt}</dt><dd>${shownDate(r.signedAt.slice(0, 10))} ${r.signedAt.slice(11, 16)} (+07:00)</dd>
      <dt>${t.remotePhone}</dt><dd>${r.maskedPhone}</dd>
      <dt>${t.remoteIp}</dt><dd>${r.ip}</dd>
      <dt>${t.remoteCode}</dt><dd>${r.codeId}</dd>
      <dt>${t.remoteHash}</dt><dd class="hash">${r.summaryHash}</dd>
    </dl>
  </div>`;
}

function signature(t: Text, party: SignatureParty, s: Signature | null | undefined, name: string | undefined): RawHtml {
  const drawn =
    s?.method === 'drawn' &&
    typeof s.image === 'string' &&
    s.image.startsWith(SIGNATURE_IMAGE_PREFIX) &&
    /^[A-Za-z0-9+/=]+$/.test(s.image.slice(SIGNATURE_IMAGE_PREFIX.length));
  return html`<div class="sig">
    <div class="sig-box">${drawn ? html`<img alt="" src="${s?.image ?? ''}">` : s?.typedName ? html`<span class="typed">${s.typedName}</span>` : ''}</div>
    <div>${t.parties[party]}${name ? html` — ${name}` : ''}</div>
    ${s?.signedAt ? html`<div class="small">${t.signedAt} ${shownDate(s.signedAt.slice(0, 10))}</div>` : ''}
  </div>`;
}

export function applicationFormHtml(input: ApplicationFormInput): string {
  const { lang } = input;
  const t = TEXT[lang];
  const { personalInfo, productInfo, healthInfo, declarationAuthorization: decl, advisorStatement: adv } = input.steps;
  const p = input.product;
  const answers = healthInfo.answers ?? [];
  const sequences = personalInfo.ownerIsInsured === true ? [1] : [1, 2];
  const healthRows = sequences.flatMap((seq) =>
    HEALTH_QUESTIONS.map((q) => {
      const a = answers.find((x) => x.questionNumber === q.questionNumber && x.answerSequenceNo === seq);
      return html`<tr><td>${seq === 2 ? `${t.ownerAnswers}: ` : ''}${q.questionNumber}. ${labelText(q.textKey, lang) ?? ''}</td>
      <td>${a?.answerValue === 'Y' ? t.yes : a?.answerValue === 'N' ? t.no : ''}</td><td>${a?.answerDescription ?? ''}</td></tr>`;
    }),
  );
  const beneficiaries = (personalInfo.beneficiaries ?? []).map(
    (b) => html`<tr><td>${personName(lang, b)}</td>
    <td>${relationshipLabel(b.relationshipCode, lang)}</td><td>${codeLabel(PRIORITY_LABELS, b.priority, lang)}</td><td>${b.shareBenifit ?? ''}%</td></tr>`,
  );
  const docs = input.documents.map(
    (d) => html`<tr><td>${codeLabel(GROUP_LABELS, d.documentCategoryCode, lang)}</td>
    <td>${codeLabel(DOCUMENT_LABELS, d.documentCode, lang)}</td><td>${d.fileName}</td></tr>`,
  );
  const names = input.names ?? null;
  const owner = personalInfo.ownerIsInsured === true ? personalInfo.lifeInsured : personalInfo.policyOwner;
  const productName = named(names?.product(p.productCode), lang, p.productCode);
  const planName = named(names?.plan(p.productCode, p.planKey), lang, p.planKey);
  const branch =
    adv.isBankReferal && isBankCode(adv.bank ?? '')
      ? BANK_BRANCHES[adv.bank as BankCode].find((b) => b.code === adv.department)
      : undefined;
  const remoteOf = (party: SignatureParty) => input.remoteSignatures?.find((r) => r.party === party);
  const inPerson = (party: SignatureParty) => isSignedInPerson(decl, party);
  const page = html`<!doctype html>
<html lang="${LANGUAGE_TAGS[lang]}">
<head><meta charset="utf-8"><title>${t.title} ${input.applicationNumber}</title>
<style>
${raw(khmerFontFaceCss())}
html { font-family: ${raw(PDF_FONT_FAMILY)}, sans-serif; font-size: 10pt; color: #1a1a1a; }
body { margin: 0; line-height: 1.5; }
h1 { font-size: 16pt; margin: 0 0 8pt; color: #0b4f8a; }
h2 { font-size: 12pt; margin: 14pt 0 6pt; color: #0b4f8a; border-bottom: 1px solid #9aa5b1; }
h3 { font-size: 10.5pt; margin: 8pt 0 4pt; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 1pt 10pt; margin: 0 0 6pt; }
dt { font-weight: 700; } dd { margin: 0; }
table { width: 100%; border-collapse: collapse; margin: 6pt 0; }
th, td { border: 1px solid #9aa5b1; padding: 3pt 5pt; text-align: left; vertical-align: top; }
th { background: #e8eef5; }
.sigs { display: flex; gap: 12pt; flex-wrap: wrap; margin-top: 8pt; }
.sig { width: 30%; } .sig-box { height: 60pt; border-bottom: 1px solid #1a1a1a; display: flex; align-items: flex-end; }
.sig-box img { max-height: 58pt; max-width: 100%; } .sig-remote { width: 100%; } .sig-remote .sig-box { width: 30%; } .evidence { gap: 0 6pt; } .typed { font-style: italic; font-size: 14pt; } .small { font-size: 8.5pt; color: #444; }
</style></head>
<body>
  <h1>${t.title}</h1>
  <dl>
    <dt>${t.number}</dt><dd>${input.applicationNumber}</dd>
    <dt>${t.proposal}</dt><dd>${p.proposalNumber ?? ''}</dd>
    <dt>${t.status}</dt><dd>${t.statuses[input.status]}</dd>
    ${input.submittedAt ? html`<dt>${t.submitted}</dt><dd>${shownDate(input.submittedAt.slice(0, 10))}</dd>` : ''}
    <dt>${t.advisor}</dt><dd>${input.advisorName}</dd>
  </dl>
  <h2>${t.personal}</h2>
  ${person(t, lang, t.lifeInsured, personalInfo.lifeInsured)}
  ${personalInfo.ownerIsInsured === true ? html`<h3>${t.policyOwner}</h3><p>${t.sameAsInsured}</p>` : person(t, lang, t.policyOwner, personalInfo.policyOwner)}
  ${personalInfo.ownerIsInsured === true ? '' : html`<dl><dt>${t.relationship}</dt><dd>${relationshipLabel(personalInfo.relationshipCode, lang)}</dd></dl>`}
  ${personalInfo.payorIsOwner === true ? html`<h3>${t.payor}</h3><p>${t.sameAsOwner}</p>` : person(t, lang, t.payor, personalInfo.payor)}
  <h3>${t.beneficiaries}</h3>
  ${beneficiaries.length === 0 ? html`<p>${t.none}</p>` : html`<table><thead><tr><th>${t.name}</th><th>${t.relationshipShort}</th><th>${t.priority}</th><th>${t.share}</th></tr></thead><tbody>${beneficiaries}</tbody></table>`}
  <h2>${t.product}</h2>
  <dl>
    <dt>${t.productCode}</dt><dd>${productName}</dd>${planName === productName ? '' : html`<dt>${t.plan}</dt><dd>${planName}</dd>`}
    <dt>${t.faceAmount}</dt><dd>${formatUsdAmount(p.faceAmount)}</dd><dt>${t.term}</dt><dd>${t.years(p.policyTerm)} / ${t.years(p.premiumTerm)}</dd>
    <dt>${t.mode}</dt><dd>${codeLabel(PREMIUM_MODE_LABELS, p.premiumMode, lang)}</dd><dt>${t.premium}</dt><dd>${formatUsdAmount(p.premium)}</dd>
    <dt>${t.riders}</dt><dd>${p.riders.map((r) => named(names?.rider(r.code), lang, r.code)).join(', ') || t.none}</dd>
    <dt>${t.payment}</dt><dd>${codeLabel(PAYMENT_LABELS, productInfo.paymentType, lang)}${productInfo.premiumBankCode ? ` (${codeLabel(PREMIUM_BANK_LABELS, productInfo.premiumBankCode, lang)})` : ''}</dd>
  </dl>
  <h2>${t.health}</h2>
  <table><thead><tr><th>${t.question}</th><th>${t.answer}</th><th>${t.details}</th></tr></thead><tbody>${healthRows}</tbody></table>
  <h2>${t.declaration}</h2>
  <p>${t.declarationText}</p>
  <h2>${t.advisorStatement}</h2>
  <dl>
    <dt>${t.referrer}</dt><dd>${codeLabel(REFERRER_LABELS, adv.referrerCode, lang, { bank: bankName(isReferrerCode(adv.referrerCode) ? bankCodeForReferrer(adv.referrerCode) : null, lang) })}</dd>
    ${
      adv.isBankReferal
        ? html`<dt>${t.bank}</dt><dd>${bankName(adv.bank, lang)}</dd><dt>${t.branch}</dt><dd>${branch ? (lang === 'km' ? branch.nameKh : branch.name) : (adv.department ?? '')}</dd>
      <dt>${t.bankReferrer}</dt><dd>${adv.referrer ?? ''}</dd><dt>${t.supervisor}</dt><dd>${adv.supervisor ?? ''}</dd>
      <dt>${t.referralDate}</dt><dd>${shownDate(adv.referralDate)}</dd><dt>${t.employeeId}</dt><dd>${adv.employeeId ?? ''}</dd>`
        : ''
    }
  </dl>
  <p>${t.advisorText}</p>
  <h2>${t.signatures}</h2>
  <div class="sigs">
    ${inPerson('policyOwner') || !remoteOf('policyOwner') ? signature(t, 'policyOwner', decl.signatures?.policyOwner, signerName(lang, decl.signatures?.policyOwner, owner)) : remoteSignature(t, 'policyOwner', remoteOf('policyOwner') as RemoteSignatureEvidence, owner ? personName(lang, owner) : undefined)}
    ${decl.signatures?.lifeInsured ? signature(t, 'lifeInsured', decl.signatures.lifeInsured, signerName(lang, decl.signatures.lifeInsured, personalInfo.lifeInsured)) : remoteOf('lifeInsured') ? remoteSignature(t, 'lifeInsured', remoteOf('lifeInsured') as RemoteSignatureEvidence, personalInfo.lifeInsured ? personName(lang, personalInfo.lifeInsured) : undefined) : ''}
    ${signature(t, 'advisor', decl.signatures?.advisor, input.advisorName)}
  </div>
  <h2>${t.documents}</h2>
  ${docs.length === 0 ? html`<p>${t.none}</p>` : html`<table><thead><tr><th>${t.group}</th><th>${t.documentType}</th><th>${t.file}</th></tr></thead><tbody>${docs}</tbody></table>`}
</body></html>`;
  return page.value;
}
