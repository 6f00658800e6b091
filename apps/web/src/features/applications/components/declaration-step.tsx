import { Card, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeclarationDraft, Signature, SignatureParty } from '@portal/domain/contracts/applications/application-steps';
import { isChildInsured } from '@portal/domain/rules/application-facts';
import { requiredSignatures } from '@portal/domain/rules/application-steps';
import { errorAt } from '../hooks/field-errors';
import type { Wizard } from '../hooks/use-wizard';
import { SignaturePad } from './signature-pad';
import { RemoteSigner } from './remote-signer';
import { remoteSignableParties, signerState } from '@portal/domain/rules/declaration-signatures';
import type { RemoteSignParty } from '@portal/domain/contracts/applications/remote-signature';

const PARTY_LABELS: Readonly<Record<SignatureParty, string>> = {
  policyOwner: 'applications:signature_owner',
  lifeInsured: 'applications:signature_insured',
  advisor: 'applications:signature_advisor',
};

/** Step 3: the declaration and authorization, agreed, and signed on screen. */
export function DeclarationStep({ wizard }: { wizard: Wizard }) {
  const { t } = useTranslation(['applications', 'validation']);
  const data = wizard.steps.declarationAuthorization;
  const issues = wizard.issuesOf('declarationAuthorization');
  const shown = wizard.showErrors('declarationAuthorization');
  const set = (patch: Partial<DeclarationDraft>) => wizard.update('declarationAuthorization', { ...data, ...patch });
  const sign = (party: SignatureParty, value: Signature | null) => set({ signatures: { ...data.signatures, [party]: value } });
  const child = isChildInsured(wizard.steps);
  const remote = {
    signed: wizard.remote?.signatures.map((r) => r.party) ?? [],
    pending: wizard.remote?.pending.map((r) => r.party) ?? [],
  };
  const signable = remoteSignableParties(wizard.steps);
  const info = wizard.steps.personalInfo;
  const nameOf = (party: SignatureParty) => {
    const p = party === 'lifeInsured' ? info.lifeInsured : info.ownerIsInsured === true ? info.lifeInsured : info.policyOwner;
    return party === 'advisor' ? '' : `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim();
  };
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="decl-heading">
        <Title order={2} size="h4" id="decl-heading" mb="sm">
          {t('applications:declaration_title')}
        </Title>
        <Text size="sm" mb="sm">
          {t('applications:declaration_text')}
        </Text>
        <Checkbox
          id="agreed"
          label={t('applications:declaration_agree')}
          checked={data.agreed === true}
          onChange={(e) => set({ agreed: e.currentTarget.checked })}
          error={errorAt(issues, 'agreed', shown)}
        />
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="sig-heading">
        <Title order={2} size="h4" id="sig-heading" mb="sm">
          {t('applications:signatures')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('applications:remote_intro')}
        </Text>
        <Stack gap="lg">
          {requiredSignatures(wizard.steps).map((party) => (
            <Stack key={party} gap="xs" id={`signatures.${party}`}>
              {party === 'lifeInsured' && child ? (
                <TextInput
                  label={t('applications:guardian_name')}
                  value={data.signatures?.lifeInsured?.signerName ?? ''}
                  onChange={(e) => {
                    const s = data.signatures?.lifeInsured;
                    if (s) sign('lifeInsured', { ...s, signerName: e.currentTarget.value });
                  }}
                  error={errorAt(issues, 'signatures.lifeInsured.signerName', shown)}
                  disabled={!data.signatures?.lifeInsured}
                />
              ) : null}
              <RemoteSigner
                applicationId={wizard.applicationId}
                party={party}
                state={signerState(data, party, remote)}
                remote={wizard.remote}
                canSend={signable.includes(party as RemoteSignParty)}
              />
              {signerState(data, party, remote) === 'remote' ? null : (
                <SignaturePad
                  id={`sig-${party}`}
                  label={t(party === 'lifeInsured' && child ? 'applications:signature_guardian' : PARTY_LABELS[party])}
                  value={data.signatures?.[party]}
                  onChange={(v) => sign(party, v)}
                  error={errorAt(issues, `signatures.${party}`, shown)}
                  signerName={nameOf(party)}
                />
              )}
            </Stack>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
