/**
 * Who has signed the declaration, and how: a signature drawn (or typed) in person on the wizard,
 * or a remote signature the customer made on their own phone (decision 014). A required signer
 * is signed by either. The wizard shows these states and the review and the server's submit use
 * `isPartySigned` through the declaration step's rule (application-steps.ts).
 */
import type { DeclarationDraft, SignatureParty } from '../contracts/applications/application-steps';
import type { ApplicationStepData } from '../contracts/applications/application-steps';
import { REMOTE_SIGN_PARTIES, type RemoteSignParty, type SignerState } from '../contracts/applications/remote-signature';
import { isChildInsured, type RuleOptions } from './application-facts';
import { isEmpty } from './generic';

/** A signature made on the wizard: drawn with an image, or typed with a name. */
export function isSignedInPerson(data: DeclarationDraft, party: SignatureParty): boolean {
  const signature = data.signatures?.[party];
  return !!signature && (signature.method === 'drawn' ? !isEmpty(signature.image) : !isEmpty(signature.typedName));
}

/** Only a signer who may sign remotely is signed by a remote signature (never the advisor). */
export function isPartySigned(data: DeclarationDraft, party: SignatureParty, remoteSigned: readonly SignatureParty[] = []): boolean {
  return isSignedInPerson(data, party) || (isRemoteSignParty(party) && remoteSigned.includes(party));
}

function isRemoteSignParty(party: SignatureParty): party is RemoteSignParty {
  return (REMOTE_SIGN_PARTIES as readonly string[]).includes(party);
}

/**
 * The signers a link may be sent to: the policy owner, and the life insured when that is another
 * adult (a child signs through a guardian, in person).
 */
export function remoteSignableParties(steps: ApplicationStepData, options: RuleOptions = {}): RemoteSignParty[] {
  const separateAdult = steps.personalInfo.ownerIsInsured !== true && !isChildInsured(steps, options);
  return separateAdult ? ['policyOwner', 'lifeInsured'] : ['policyOwner'];
}

/** One signer's state as the wizard shows it; a signature in person wins over a remote one. */
export function signerState(
  data: DeclarationDraft,
  party: SignatureParty,
  remote: { signed: readonly SignatureParty[]; pending: readonly SignatureParty[] },
): SignerState {
  if (isSignedInPerson(data, party)) return 'inPerson';
  if (isRemoteSignParty(party) && remote.signed.includes(party)) return 'remote';
  if (remote.pending.includes(party)) return 'sent';
  return 'none';
}
