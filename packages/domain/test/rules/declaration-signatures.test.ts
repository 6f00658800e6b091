import { describe, expect, it } from 'vitest';
import { emptyStepData, type ApplicationStepData } from '../../src/contracts/applications/application-steps';
import { declarationIssues } from '../../src/rules/application-steps';
import { remoteSignableParties, signerState } from '../../src/rules/declaration-signatures';

const now = () => new Date('2026-11-28T03:00:00Z');
const typed = (name: string) => ({ method: 'typed' as const, typedName: name });

function steps(personalInfo: ApplicationStepData['personalInfo']): ApplicationStepData {
  return { ...emptyStepData(), personalInfo };
}

const adultOwnerIsInsured = steps({ ownerIsInsured: true, lifeInsured: { dateOfBirth: '01/01/1990' } });
const separateAdults = steps({
  ownerIsInsured: false,
  lifeInsured: { dateOfBirth: '01/01/1990' },
  policyOwner: { dateOfBirth: '01/01/1960' },
});
const childInsured = steps({
  ownerIsInsured: false,
  lifeInsured: { dateOfBirth: '01/01/2015' },
  policyOwner: { dateOfBirth: '01/01/1985' },
});

describe('declaration signatures: in person or remote', () => {
  it('counts a remote signature for a required signer, and nothing else for it', () => {
    const data = { agreed: true, signatures: { advisor: typed('Advisor') } };
    expect(declarationIssues(data, adultOwnerIsInsured, { now })).toEqual([{ field: 'signatures.policyOwner', key: 'required' }]);
    expect(declarationIssues(data, adultOwnerIsInsured, { now }, ['policyOwner'])).toEqual([]);
    // A remote signature of someone else does not sign for the owner.
    expect(declarationIssues(data, separateAdults, { now }, ['lifeInsured']).map((i) => i.field)).toEqual(['signatures.policyOwner']);
    // The advisor never signs remotely: a claimed remote advisor signature changes nothing.
    expect(declarationIssues({ agreed: true }, adultOwnerIsInsured, { now }, ['policyOwner', 'advisor']).map((i) => i.field)).toContain(
      'signatures.advisor',
    );
  });

  it('sends links to the owner, and to the life insured only when that is another adult', () => {
    expect(remoteSignableParties(adultOwnerIsInsured, { now })).toEqual(['policyOwner']);
    expect(remoteSignableParties(separateAdults, { now })).toEqual(['policyOwner', 'lifeInsured']);
    expect(remoteSignableParties(childInsured, { now })).toEqual(['policyOwner']);
  });

  it('names each signer’s state, a signature in person first', () => {
    const data = { signatures: { policyOwner: typed('Owner') } };
    const remote = { signed: ['policyOwner', 'lifeInsured'] as const, pending: ['advisor'] as const };
    expect(signerState(data, 'policyOwner', { signed: [...remote.signed], pending: [] })).toBe('inPerson');
    expect(signerState(data, 'lifeInsured', { signed: [...remote.signed], pending: [] })).toBe('remote');
    expect(signerState(data, 'advisor', { signed: [], pending: [...remote.pending] })).toBe('sent');
    expect(signerState({}, 'advisor', { signed: [], pending: [] })).toBe('none');
  });
});
