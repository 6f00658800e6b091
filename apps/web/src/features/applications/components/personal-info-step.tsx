import { Alert, Button, Card, Checkbox, CloseButton, Grid, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BeneficiaryDraft, PersonalInfoDraft } from '@portal/domain/contracts/applications/application-steps';
import { BENEFICIARIES_MAX } from '@portal/domain/contracts/applications/application-steps';
import { shareTotals } from '@portal/domain/rules/beneficiary-shares';
import { RELATIONSHIP_LABELS, RELATIONSHIP_OTHER_LABEL } from '@portal/domain/codes/application-labels';
import type { Wizard } from '../hooks/use-wizard';
import { errorAt } from '../hooks/field-errors';
import { PersonFields } from './person-fields';

/**
 * The relationship codes of spec §3 as a labelled choice; a code stored from elsewhere that the
 * list does not name stays selectable, shown as "Relationship code NN".
 */
function useRelationshipOptions() {
  const { t } = useTranslation(['applications', 'proposals']);
  return (current: string | undefined) => [
    { value: '', label: t('applications:choose') },
    ...Object.entries(RELATIONSHIP_LABELS).map(([code, key]) => ({ value: code, label: t(key) })),
    ...(current && !RELATIONSHIP_LABELS[current] ? [{ value: current, label: t(RELATIONSHIP_OTHER_LABEL, { code: current }) }] : []),
  ];
}

/** Step 0: life insured (I), policy owner (O), payor (P), relationship and beneficiaries. */
export function PersonalInfoStep({ wizard }: { wizard: Wizard }) {
  const { t } = useTranslation(['applications', 'validation']);
  const relationshipOptions = useRelationshipOptions();
  const data = wizard.steps.personalInfo;
  const issues = wizard.issuesOf('personalInfo');
  const shown = wizard.showErrors('personalInfo');
  const set = (next: Partial<PersonalInfoDraft>) => wizard.update('personalInfo', { ...data, ...next });
  const beneficiaries = data.beneficiaries ?? [];
  const setBeneficiary = (index: number, patch: Partial<BeneficiaryDraft>) =>
    set({ beneficiaries: beneficiaries.map((b, i) => (i === index ? { ...b, ...patch } : b)) });
  const totals = shareTotals(beneficiaries);
  const shareError = (priority: 'p' | 's') =>
    shown && issues.some((i) => i.field === `beneficiaryShares.${priority}`)
      ? t('applications:share_total_error', {
          priority: t(priority === 'p' ? 'applications:priority_p' : 'applications:priority_s'),
          total: totals[priority] ?? 0,
        })
      : null;
  const noPrimary = shown && issues.some((i) => i.field === 'beneficiaries');

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="li-heading">
        <Title order={2} size="h4" id="li-heading" mb="sm">
          {t('applications:life_insured')}
        </Title>
        <PersonFields
          prefix="lifeInsured"
          value={data.lifeInsured}
          onChange={(v) => set({ lifeInsured: v })}
          issues={issues}
          shown={shown}
          phoneRequired={data.ownerIsInsured === true}
        />
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="po-heading">
        <Title order={2} size="h4" id="po-heading" mb="sm">
          {t('applications:policy_owner')}
        </Title>
        <Checkbox
          label={t('applications:owner_is_insured')}
          checked={data.ownerIsInsured === true}
          onChange={(e) => set({ ownerIsInsured: e.currentTarget.checked })}
          mb="sm"
        />
        {data.ownerIsInsured === true ? null : (
          <Stack gap="sm">
            <PersonFields
              prefix="policyOwner"
              value={data.policyOwner}
              onChange={(v) => set({ policyOwner: v })}
              issues={issues}
              shown={shown}
              phoneRequired
            />
            <NativeSelect
              id="relationshipCode"
              label={t('applications:field_relationship_owner')}
              value={data.relationshipCode ?? ''}
              onChange={(e) => set({ relationshipCode: e.currentTarget.value })}
              error={errorAt(issues, 'relationshipCode', shown)}
              required
              data={relationshipOptions(data.relationshipCode)}
            />
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="pp-heading">
        <Title order={2} size="h4" id="pp-heading" mb="sm">
          {t('applications:payor')}
        </Title>
        <Checkbox
          label={t('applications:payor_is_owner')}
          checked={data.payorIsOwner === true}
          onChange={(e) => set({ payorIsOwner: e.currentTarget.checked })}
          mb="sm"
        />
        {data.payorIsOwner === true ? null : (
          <PersonFields prefix="payor" value={data.payor} onChange={(v) => set({ payor: v })} issues={issues} shown={shown} phoneRequired />
        )}
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="bn-heading" id="beneficiaries">
        <Title order={2} size="h4" id="bn-heading" mb="xs">
          {t('applications:beneficiaries')}
        </Title>
        <Stack gap="md">
          {beneficiaries.map((b, i) => {
            const at = (field: string) => errorAt(issues, `beneficiaries.${i}.${field}`, shown);
            return (
              <Card key={i} withBorder radius="sm" padding="sm" data-testid="beneficiary">
                <Group justify="space-between" mb="xs">
                  <Title order={3} size="h6">
                    {t('applications:beneficiary_n', { n: i + 1 })}
                  </Title>
                  <CloseButton
                    aria-label={t('applications:beneficiary_remove', { n: i + 1 })}
                    onClick={() => set({ beneficiaries: beneficiaries.filter((_, k) => k !== i) })}
                  />
                </Group>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('applications:field_first_name')}
                      value={b.firstName ?? ''}
                      onChange={(e) => setBeneficiary(i, { firstName: e.currentTarget.value })}
                      error={at('firstName')}
                      required
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('applications:field_last_name')}
                      value={b.lastName ?? ''}
                      onChange={(e) => setBeneficiary(i, { lastName: e.currentTarget.value })}
                      error={at('lastName')}
                      required
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <NativeSelect
                      label={t('applications:field_gender')}
                      value={b.gender ?? ''}
                      onChange={(e) => setBeneficiary(i, { gender: e.currentTarget.value })}
                      error={at('gender')}
                      required
                      data={[
                        { value: '', label: t('applications:choose') },
                        { value: 'M', label: t('applications:gender_m') },
                        { value: 'F', label: t('applications:gender_f') },
                      ]}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 3 }}>
                    <TextInput
                      label={t('applications:field_date_of_birth')}
                      placeholder="DD/MM/YYYY"
                      inputMode="numeric"
                      value={b.dateOfBirth ?? ''}
                      onChange={(e) => setBeneficiary(i, { dateOfBirth: e.currentTarget.value })}
                      error={at('dateOfBirth')}
                      required
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 2 }}>
                    <NativeSelect
                      label={t('applications:field_relationship_short')}
                      value={b.relationshipCode ?? ''}
                      onChange={(e) => setBeneficiary(i, { relationshipCode: e.currentTarget.value })}
                      error={at('relationshipCode')}
                      required
                      data={relationshipOptions(b.relationshipCode)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, sm: 2 }}>
                    <NativeSelect
                      label={t('applications:field_priority')}
                      value={b.priority ?? ''}
                      onChange={(e) => setBeneficiary(i, { priority: e.currentTarget.value })}
                      error={at('priority')}
                      required
                      data={[
                        { value: '', label: t('applications:choose') },
                        { value: 'p', label: t('applications:priority_p') },
                        { value: 's', label: t('applications:priority_s') },
                      ]}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, sm: 2 }}>
                    <TextInput
                      label={t('applications:field_share')}
                      inputMode="numeric"
                      rightSection="%"
                      value={b.shareBenifit ?? ''}
                      onChange={(e) => setBeneficiary(i, { shareBenifit: e.currentTarget.value })}
                      error={at('shareBenifit')}
                      required
                    />
                  </Grid.Col>
                </Grid>
              </Card>
            );
          })}
          {noPrimary ? (
            <Alert color="red" variant="light" role="alert">
              {t('applications:beneficiary_primary_required')}
            </Alert>
          ) : null}
          {(['p', 's'] as const).map((p) => {
            const m = shareError(p);
            return m ? (
              <Alert key={p} color="red" variant="light" role="alert">
                {m}
              </Alert>
            ) : null;
          })}
          <Button
            variant="light"
            onClick={() => set({ beneficiaries: [...beneficiaries, { priority: 'p' }] })}
            disabled={beneficiaries.length >= BENEFICIARIES_MAX}
            data-testid="add-beneficiary"
          >
            {t('applications:beneficiary_add')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
