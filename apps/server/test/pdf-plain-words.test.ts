import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_2026_1 } from '@portal/domain/catalogue/catalogue-2026-1';
import { PREMIUM_MODES } from '@portal/domain/codes/premium-modes';
import { BANK_CODES } from '@portal/domain/codes/referrers';
import { RIDER_CODES } from '@portal/domain/codes/riders';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { VIEW_TOKEN_HEADER, type OpenProposalLinkResponse } from '@portal/domain/contracts/proposals/send-to-customer';
import type { LocaleFile } from '@portal/i18n/locale-file';
import applicationsText from '@portal/i18n/applications.json';
import proposalsText from '@portal/i18n/proposals.json';
import { eq } from 'drizzle-orm';
import { appUser } from '../src/db/schema/app-user.table';
import { REFERENCE_QUESTIONS } from '../src/modules/compliance/compliance-reference-data';
import { authClient, signIn } from './auth/auth-client';
import { pdfBytes, saveStep, signatureImage, upload, uploadParts } from './applications/application-test-kit';
import { callerFor, feedRecord, importRecords, type PolicyCallerClient } from './policies/policy-test-kit';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposals/proposal-client';
import { callerWith, fillAndSubmit, openLink, sendLink } from './recruitment/recruitment-kit';

/**
 * Every PDF the portal serves, through its API route, in English and in Khmer, read back with
 * pdftotext: no code printed where a person expects a word (product, plan, rider, bank,
 * relationship, ID type, gender, status, i18n key, `undefined`…), money with thousands separators,
 * dates as DD/MM/YYYY, and on a Khmer PDF no English word of the template left untranslated.
 */

const NOW = new Date('2026-11-25T03:00:00Z');
const work = mkdtempSync(join(tmpdir(), 'pdf-plain-words-'));
let files = 0;

/** The text in layout (columns kept apart, for the checks) and in content order (for reading a line's words together). */
function pdfText(pdf: Buffer): { layout: string; raw: string } {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(work, `${files++}.pdf`);
  writeFileSync(file, pdf);
  const text = (mode: string) => execFileSync('pdftotext', [mode, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { layout: text('-layout'), raw: text('-raw') };
}

// ---- What a person never expects to read -------------------------------------------------------

const products = CATALOGUE_2026_1.products;
const PRODUCT_CODES = products.map((p) => p.code);
const PLAN_KEYS = products.flatMap((p) => p.plans.map((x) => x.planKey));
const PLAN_CODES = [...new Set(products.flatMap((p) => p.plans.map((x) => x.planCode)))];
const CODE_WORDS = [...new Set([...PRODUCT_CODES, ...PLAN_KEYS, ...PLAN_CODES, ...RIDER_CODES, ...BANK_CODES])];
/** Status and mode identifiers (camelCase or snake_case) and the lower-case enum values of the code lists. */
const ENUM_VALUES = [...PREMIUM_MODES, 'lumpsum', 'cash', 'outstanding', 'submitted', 'received', 'waived', 'presented', 'draft'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole token: not inside a longer word, number or identifier. */
const token = (s: string) => new RegExp(`(?<![\\w-])${escape(s)}(?![\\w-])`);
/**
 * A token standing as a value of its own (pdftotext -layout): alone in its cell — between the
 * start of a line, a colon or a column gap and the end of a line or a column gap — not a word of a sentence.
 */
const cellValue = (s: string) => new RegExp(`(?:^|\\s{2,}|:\\s*)${escape(s)}(?=\\s{2,}|\\s*$)`, 'm');

/** The problems of one PDF's text; `typed` are values the test itself entered (names, numbers). */
function rawCodeProblems(text: string, typed: readonly string[]): string[] {
  let clean = text;
  // The test's own inputs (a name, an ID number) may contain anything; they are not the template's.
  for (const value of [...typed].sort((a, b) => b.length - a.length)) clean = clean.split(value).join(' ');
  const problems: string[] = [];
  for (const code of CODE_WORDS) if (token(code).test(clean)) problems.push(`code ${code}`);
  for (const value of ENUM_VALUES) if (cellValue(value).test(clean)) problems.push(`status or mode value ${value}`);
  for (const m of clean.matchAll(/(?<![\w-])[a-z]+(?:_[a-z0-9]+)+(?![\w-])/g)) problems.push(`snake_case ${m[0]}`);
  for (const m of clean.matchAll(/(?<![\w-])[a-z]+[A-Z][A-Za-z]*(?![\w-])/g)) problems.push(`camelCase ${m[0]}`);
  for (const m of clean.matchAll(/(?<![\w-])[a-z]+:[a-z][\w.]+/g)) problems.push(`i18n key ${m[0]}`);
  for (const word of ['undefined', 'null', 'NaN', '[object Object]', 'Invalid Date']) if (clean.includes(word)) problems.push(word);
  for (const letter of ['M', 'F']) if (cellValue(letter).test(clean)) problems.push(`gender letter ${letter}`);
  // Money (spec §9): $ and thousands separators.
  for (const m of clean.matchAll(/\$\s?\d{4,}/g)) problems.push(`money without separators ${m[0]}`);
  for (const m of clean.matchAll(/(?<![\d,.])\d{4,}\.\d{2}(?!\d)/g)) problems.push(`amount without separators ${m[0]}`);
  // Dates: DD/MM/YYYY only.
  for (const m of clean.matchAll(/(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g)) problems.push(`ISO date ${m[0]}`);
  for (const m of clean.matchAll(/(?<![\d/])\d{1,2}\/\d{1,2}\/\d{2,4}(?![\d/])/g))
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(m[0])) problems.push(`date ${m[0]}`);
  return problems;
}

// ---- English left on a Khmer PDF ---------------------------------------------------------------

const LOCALES = [applicationsText as LocaleFile, proposalsText as LocaleFile];
const latinWords = (s: string) => (s.match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase());
/** Words kept in Latin in Khmer on purpose: brands, units, formats, and every Latin word a Khmer text of the language files keeps. */
const KEPT_LATIN = new Set([
  ...['pdf', 'khqr', 'usd', 'khr', 'bakong', 'itc', 'irc', 'aap', 'wing', 'cnl'],
  ...LOCALES.flatMap((f) => Object.values(f).flatMap((e) => latinWords(e.km ?? ''))),
]);
/** The English names of the catalogue and the English texts of the language files the templates use. */
const CATALOGUE_WORDS = [
  ...products.flatMap((p) => [p.name, ...p.plans.map((x) => x.name)]),
  ...CATALOGUE_2026_1.riders.map((r) => r.name),
  ...LOCALES.flatMap((f) => Object.values(f).map((e) => e.en ?? '')),
].flatMap(latinWords);

/** English words of the template (its English rendering) and of the catalogue, left in the Khmer rendering. */
function englishLeft(kmText: string, enText: string, typed: readonly string[]): string[] {
  const own = new Set(typed.flatMap(latinWords));
  const dictionary = new Set([...latinWords(enText), ...CATALOGUE_WORDS].filter((w) => !own.has(w) && !KEPT_LATIN.has(w)));
  return [...new Set(latinWords(kmText).filter((w) => dictionary.has(w)))];
}

/** Checks a pair of renderings and returns the English text (for assertions of its own). */
function expectPlainWords(en: string, km: string, typed: readonly string[]): void {
  expect(rawCodeProblems(en, typed), 'English PDF').toEqual([]);
  expect(rawCodeProblems(km, typed), 'Khmer PDF').toEqual([]);
  expect(englishLeft(km, en, typed), 'English words on the Khmer PDF').toEqual([]);
}

const khmer = (s: string) => s.replace(/\s+/g, '');
const label = (file: LocaleFile, key: string) => file[key]!;

// ---- The world ---------------------------------------------------------------------------------

let w: ProposalsWorld;
let aap: PolicyCallerClient;
let proposal: ProposalResponse;
const TYPED_PEOPLE = ['Sokha', 'Chan', 'Vanna', 'Dara', 'Srey', 'Bopha', 'Thida', 'Rithy', 'Keo', 'Sophea', 'Noun', 'Mony'];
const TYPED_PLACES = ['Street 271, Phnom Penh', 'Teacher', 'Farmer'];

beforeAll(async () => {
  w = await proposalsWorld(NOW);
  aap = await callerFor(w.t, 'demo.aap');
  proposal = await createProposal(w.aap, {
    lifeInsuredContactId: w.insured.id,
    policyOwnerContactId: w.parent.id,
    relationshipCode: '08',
    ...termQuote({ premiumMode: 'monthly' }),
  });
}, 120_000);
afterAll(async () => {
  await w.t.close();
  rmSync(work, { recursive: true, force: true });
});

async function pdfOf(caller: { get(url: string): Promise<{ statusCode: number; body: string; rawPayload: Buffer }> }, url: string) {
  const res = await caller.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return pdfText(res.rawPayload).layout;
}

async function rawPdfOf(caller: PolicyCallerClient, url: string) {
  const res = await caller.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return pdfText(res.rawPayload).raw.replace(/\s+/g, ' ');
}

describe('every PDF in plain words, in English and Khmer', () => {
  it('proposal (benefit illustration) with riders and a parent as owner', async () => {
    const url = `/api/proposal/v1/find/report/${proposal.id}`;
    const en = await pdfOf(w.aap, `${url}?lang=en`);
    const km = await pdfOf(w.aap, `${url}?lang=km`);
    const pay = (await w.aap.get(`/api/proposal/v1/opc-payment/${proposal.proposalNumber}`)).json() as { paymentReference: string };
    const typed = [...TYPED_PEOPLE, proposal.proposalNumber, pay.paymentReference];
    expectPlainWords(en, km, typed);
    expect(en).toContain(label(proposalsText as LocaleFile, 'relationship_08').en);
    expect(khmer(km)).toContain(khmer(label(proposalsText as LocaleFile, 'relationship_08').km!));
    // Khmer names of both people on the Khmer PDF.
    expect(khmer(km)).toContain(`${w.insured.lastNameKh}${w.insured.firstNameKh}`);
    expect(khmer(km)).toContain(`${w.parent.lastNameKh}${w.parent.firstNameKh}`);
  }, 120_000);

  it('proposal as the customer downloads it from the link the advisor sent', async () => {
    const sent = await w.aap.post(`/api/proposal/v1/send/${proposal.id}`, { lang: 'km' });
    expect(sent.statusCode, sent.body).toBe(201);
    const outbox = await w.t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent('+85512888777')}&limit=100` });
    const link = (outbox.json() as { purpose: string; link?: string }[]).find((m) => m.purpose === 'proposal-link')?.link ?? '';
    const token = /#token=([^&\s]+)/.exec(link)?.[1];
    expect(token, 'a link in the outbox').toBeTruthy();
    const customer = authClient(w.t);
    const opened = await customer.post('/api/customer/v1/proposal/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    const { viewToken } = opened.json() as OpenProposalLinkResponse;
    const read = async (lang: 'en' | 'km') => {
      const res = await customer.get(`/api/customer/v1/proposal/report?lang=${lang}`, { headers: { [VIEW_TOKEN_HEADER]: viewToken } });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return pdfText(res.rawPayload).layout;
    };
    const pay = (await w.aap.get(`/api/proposal/v1/opc-payment/${proposal.proposalNumber}`)).json() as { paymentReference: string };
    expectPlainWords(await read('en'), await read('km'), [...TYPED_PEOPLE, proposal.proposalNumber, pay.paymentReference]);
  }, 120_000);

  it('application form with a separate owner, beneficiaries, bank payment and a bank referral', async () => {
    const created = await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
    expect(created.statusCode, created.body).toBe(201);
    let app = created.json() as ApplicationResponse;
    const signed = (name: string) => ({
      method: 'drawn' as const,
      image: signatureImage(),
      signerName: name,
      signedAt: '2026-11-21T09:00:00+07:00',
    });
    const steps = {
      personalInfo: {
        ...app.steps.personalInfo,
        ownerIsInsured: false,
        payorIsOwner: true,
        relationshipCode: '08',
        lifeInsured: {
          ...app.steps.personalInfo.lifeInsured,
          gender: 'M',
          idType: '1',
          idNumber: '123456789',
          idExpiryDate: '31/12/2030',
          phone: '012-345-678',
          occupation: 'Teacher',
          address: 'Street 271, Phnom Penh',
        },
        policyOwner: {
          ...app.steps.personalInfo.policyOwner,
          gender: 'M',
          idType: '2',
          idNumber: 'N12345678',
          idExpiryDate: '31/12/2030',
          phone: '012-888-777',
          occupation: 'Farmer',
          address: 'Street 271, Phnom Penh',
        },
        beneficiaries: [
          {
            firstName: 'Dara',
            lastName: 'Chan',
            gender: 'F',
            dateOfBirth: '01/01/2010',
            relationshipCode: '51',
            priority: 'p',
            shareBenifit: '60',
          },
          {
            firstName: 'Vanna',
            lastName: 'Chan',
            gender: 'M',
            dateOfBirth: '01/01/1962',
            relationshipCode: '08',
            priority: 'p',
            shareBenifit: '40',
          },
          {
            firstName: 'Srey',
            lastName: 'Chan',
            gender: 'F',
            dateOfBirth: '01/01/1964',
            relationshipCode: '51',
            priority: 's',
            shareBenifit: '100',
          },
        ],
      },
      productInfo: { paymentType: 'CDB', premiumBankCode: '005', confirmed: true },
      healthInfo: {
        answers: [1, 2].flatMap((seq) => [1, 2, 3, 4, 5].map((n) => ({ questionNumber: n, answerSequenceNo: seq, answerValue: 'N' }))),
      },
      declarationAuthorization: {
        agreed: true,
        signatures: { policyOwner: signed('Vanna Chan'), lifeInsured: signed('Sokha Chan'), advisor: signed('S. Chan') },
      },
      advisorStatement: {
        referrerCode: '09',
        isBankReferal: true,
        bank: 'BAMAY',
        department: '002',
        referrer: 'Mony',
        isSupervisor: false,
        supervisor: 'Dara',
        referralDate: '01/11/2026',
        employeeId: 'E1',
        employeeIdConfirmed: 'E1',
        statementAgreed: true,
      },
    } as const;
    for (const name of ['personalInfo', 'productInfo', 'healthInfo', 'declarationAuthorization', 'advisorStatement'] as const) {
      const res = await saveStep(aap, app, name, steps[name], true);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      app = res.json() as ApplicationResponse;
    }
    const doc = await upload(
      aap,
      uploadParts(
        app.id,
        'insured-id',
        'NATIONAL_ID_FRONT',
        { name: 'id.pdf', data: pdfBytes() },
        { idNumber: '123456789', expiredDate: '31/12/2030' },
      ),
    );
    expect(doc.statusCode, doc.body).toBe(201);
    const url = `/api/report/v1/generate/application-form/${app.id}`;
    const en = await pdfOf(aap, `${url}?lang=en`);
    const km = await pdfOf(aap, `${url}?lang=km`);
    const typed = [
      ...TYPED_PEOPLE,
      ...TYPED_PLACES,
      app.applicationNumber,
      proposal.proposalNumber,
      '123456789',
      'N12345678',
      'E1',
      'id.pdf',
    ];
    expectPlainWords(en, km, typed);
    const flat = en.replace(/\s+/g, ' ');
    const apps = applicationsText as LocaleFile;
    // Labels from the domain's code lists, and the term with its unit.
    for (const key of ['id_type_1', 'id_type_2', 'gender_m', 'priority_p', 'priority_s', 'payment_CDB', 'bank_BAMAY'])
      expect(flat, key).toContain(label(apps, key).en);
    expect(flat).toContain(`${proposal.policyTerm} years`);
    // Khmer names on the Khmer form: the people (and under their signatures), and the advisor on the advisor's line.
    const kmFlat = khmer(km);
    const insuredKh = `${w.insured.lastNameKh}${w.insured.firstNameKh}`;
    const ownerKh = `${w.parent.lastNameKh}${w.parent.firstNameKh}`;
    expect(kmFlat.split(insuredKh).length - 1, 'the life insured: section and signature').toBeGreaterThanOrEqual(2);
    expect(kmFlat.split(ownerKh).length - 1, 'the owner: section and signature').toBeGreaterThanOrEqual(2);
    const [advisor] = await w.t.db
      .select({ name: appUser.displayName, nameKh: appUser.displayNameKh })
      .from(appUser)
      .where(eq(appUser.id, aap.userId));
    expect(advisor?.nameKh).toBeTruthy();
    const enRaw = await rawPdfOf(aap, `${url}?lang=en`);
    const kmRaw = khmer(await rawPdfOf(aap, `${url}?lang=km`));
    expect(enRaw).toContain(`— ${advisor!.name}`);
    expect(kmRaw).toContain(`—${khmer(advisor!.nameKh!)}`);
    expect(enRaw, 'the name the advisor typed gives way to the account name').not.toContain('S. Chan');
  }, 180_000);

  it('client-pending letter of a policy', async () => {
    const POLICY = 'Q200000001';
    const report = await importRecords(w.t, [
      feedRecord(POLICY, {
        pending: [
          {
            code: 'MED01',
            descriptionEn: 'Medical examination report',
            descriptionKm: 'របាយការណ៍ពិនិត្យសុខភាព',
            requestedDate: '2026-11-01',
            dueDate: '2026-12-01',
          },
          { code: 'BNK01', descriptionEn: 'Bank account confirmation', descriptionKm: 'លិខិតបញ្ជាក់គណនីធនាគារ', requestedDate: '2026-11-03' },
        ],
      }),
    ]);
    expect(report.rejected).toBe(0);
    const url = `/api/policy/v1/download/${POLICY}/client-pending`;
    const en = await pdfOf(aap, `${url}?lang=en`);
    const km = await pdfOf(aap, `${url}?lang=km`);
    const typed = [...TYPED_PEOPLE, ...TYPED_PLACES, POLICY, 'Medical examination report', 'Bank account confirmation'];
    expectPlainWords(en, km, typed);
    // The customer is asked for documents by what they are; the insurer's requirement codes stay out.
    for (const code of ['MED01', 'BNK01']) for (const text of [en, km]) expect(text).not.toContain(code);
    const record = feedRecord(POLICY) as { productCode: string; clients: { lastNameKh: string; firstNameKh: string }[] };
    const product = products.find((p) => p.code === record.productCode)!;
    expect(en).toContain(product.name);
    expect(khmer(km)).toContain(khmer(product.nameKh));
    for (const c of record.clients) expect(khmer(km)).toContain(`${c.lastNameKh}${c.firstNameKh}`);
  }, 120_000);

  it("candidate's contract", async () => {
    const client = authClient(w.t);
    const as = async (username: string) => callerWith(w.t, client, (await signIn(w.t, authClient(w.t), username)).accessToken);
    const ctx = { t: w.t, client, as, aap: await as('demo.aap'), aap2: await as('demo.aap2'), aa: await as('demo.aa') };
    const sent = await sendLink(ctx);
    const cnl = await openLink(ctx, sent.token, sent.candidateNumber);
    const candidate = await fillAndSubmit(cnl);
    const url = `/api/candidate/v1/contract/download?candidateId=${sent.candidateId}`;
    const en = await pdfOf(cnl, `${url}&lang=en`);
    const km = await pdfOf(cnl, `${url}&lang=km`);
    const typed = [...TYPED_PEOPLE, ...TYPED_PLACES, sent.candidateNumber, candidate.idNumber ?? ''];
    expectPlainWords(en, km, typed);
    expect(khmer(km)).toContain(`${candidate.lastNameKh}${candidate.firstNameKh}`);
    // The ID type by name (the candidate's form gave type 1).
    expect(en).toContain(`${label(applicationsText as LocaleFile, 'id_type_1').en}: ${candidate.idNumber}`);
    expect(khmer(km)).toContain(khmer(label(applicationsText as LocaleFile, 'id_type_1').km!));
  }, 180_000);

  it('compliance certificate and training material', async () => {
    const BASE = '/api/compliance/training/v1';
    const questions = (await aap.get(`${BASE}/questions`)).json() as { questions: { questionNumber: number }[] };
    const answers = questions.questions.map((q) => ({
      questionNumber: q.questionNumber,
      answerSequenceNo: REFERENCE_QUESTIONS.find((r) => r.questionNumber === q.questionNumber)!.answers.find((a) => a.correct)!
        .answerSequenceNo,
    }));
    const passed = await aap.post(`${BASE}/answers/submit`, { answers });
    expect(passed.statusCode, passed.body).toBe(201);
    const cert = `${BASE}/form/download/pdf?kind=certificate`;
    const certEn = await pdfOf(aap, `${cert}&lang=en`);
    // The certificate's number is the record's own (random hex, which may spell a word), not a text of ours.
    const certificateNumber = /CT-\S+-[0-9A-F]{8}/.exec(certEn)?.[0];
    expect(certificateNumber).toBeDefined();
    expectPlainWords(certEn, await pdfOf(aap, `${cert}&lang=km`), [...TYPED_PEOPLE, certificateNumber ?? '']);
    const materials = (await aap.get(`${BASE}/form/training-materials`)).json() as { materials: { id: string }[] };
    expect(materials.materials.length).toBeGreaterThan(0);
    for (const m of materials.materials) {
      const url = `${BASE}/form/download/pdf?kind=material&id=${m.id}`;
      expectPlainWords(await pdfOf(aap, `${url}&lang=en`), await pdfOf(aap, `${url}&lang=km`), TYPED_PEOPLE);
    }
  }, 180_000);
});
