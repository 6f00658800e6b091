import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personIssues } from '@portal/domain/rules/application-steps';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from '../proposals/proposal-client';

let w: ProposalsWorld;

beforeAll(async () => {
  w = await proposalsWorld();
}, 60_000);
afterAll(() => w.t.close());

describe('POST /api/appform/v1/create from a saved proposal', () => {
  it("takes the proposal's people and its product recalculated by the engine", async () => {
    const proposal = await createProposal(w.aap, {
      ...termQuote(),
      lifeInsuredContactId: w.insured.id,
      policyOwnerContactId: w.parent.id,
      relationshipCode: '08',
    });
    const res = await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json() as ApplicationResponse;
    expect(app.status).toBe('P');
    expect(app.product).toMatchObject({
      proposalId: proposal.id,
      proposalNumber: proposal.proposalNumber,
      productCode: 'TERM',
      faceAmount: proposal.faceAmount,
      premiumMode: 'annual',
      premium: proposal.quote.premiumFirstYear.annual?.premium,
    });
    expect(app.product.quote.coverages.map((c) => c.code)).toEqual(proposal.quote.coverages.map((c) => c.code));
    expect(app.steps.personalInfo).toMatchObject({
      ownerIsInsured: false,
      relationshipCode: '08',
      // As the wizard's DD/MM/YYYY fields show and take them.
      lifeInsured: { firstName: 'Sokha', lastName: 'Chan', dateOfBirth: '10/05/1990' },
      policyOwner: { firstName: 'Vanna', lastName: 'Chan', dateOfBirth: '01/02/1962' },
    });
  });

  it("another advisor's proposal is 422 on proposalId, and the application is the creator's alone", async () => {
    const proposal = await createProposal(w.aap, { ...termQuote(), lifeInsuredContactId: w.insured.id });
    const res = await w.aap2.post('/api/appform/v1/create', { proposalId: proposal.id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: [{ field: 'proposalId', key: 'invalid' }] });
    const mine = (await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id })).json() as ApplicationResponse;
    expect(mine.steps.personalInfo.ownerIsInsured).toBe(true);
    expect((await w.aap2.get(`/api/appform/v1/find/${mine.id}`)).statusCode).toBe(404);
  });

  it('step 0 starts from the contacts: ID type and number, phone, e-mail, occupation and address, as the contact book has them', async () => {
    const proposal = await createProposal(w.aap, {
      ...termQuote(),
      lifeInsuredContactId: w.insured.id,
      policyOwnerContactId: w.parent.id,
      relationshipCode: '08',
    });
    const res = await w.aap.post('/api/appform/v1/create', { proposalId: proposal.id });
    expect(res.statusCode, res.body).toBe(201);
    const info = (res.json() as ApplicationResponse).steps.personalInfo;
    expect(info.lifeInsured).toMatchObject({
      firstName: w.insured.firstName,
      gender: w.insured.gender,
      idType: w.insured.idType,
      idNumber: w.insured.idNumber,
      // As the wizard's phone field takes it (digits and hyphens), not the stored +855 form.
      phone: '012-345-678',
      email: w.insured.email,
      occupation: w.insured.occupation,
      address: w.insured.address,
    });
    expect(info.policyOwner).toMatchObject({
      firstName: 'Vanna',
      idNumber: '223456789',
      phone: '012-888-777',
      email: 'vanna@example.com',
    });
    // Everything filled passes the step's rules (the person needs only the ID expiry date added),
    // and stays editable: the step can be saved with a changed phone.
    const issues = personIssues(info.lifeInsured, { phoneRequired: true }).map((i) => i.field);
    expect(issues).toEqual(['idExpiryDate']);
    const app = res.json() as ApplicationResponse;
    const saved = await w.aap.post(`/api/appform/v1/update/${app.id}`, {
      version: app.version,
      step: { name: 'personalInfo', complete: false, data: { ...info, lifeInsured: { ...info.lifeInsured, phone: '012-999-888' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ApplicationResponse).steps.personalInfo.lifeInsured?.phone).toBe('012-999-888');
  });
});
