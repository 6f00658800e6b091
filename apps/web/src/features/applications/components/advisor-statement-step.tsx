import { Card, Checkbox, Grid, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BANK_LABELS, REFERRER_LABELS } from '@portal/domain/codes/application-labels';
import {
  bankCodeForReferrer,
  isBankCode,
  isBankReferrer,
  isReferrerCode,
  REFERRER_CODES,
  referrerClassification,
} from '@portal/domain/codes/referrers';
import type { AdvisorStatementDraft } from '@portal/domain/contracts/applications/application-steps';
import { useBranches } from '../api/find-branches';
import { errorAt } from '../hooks/field-errors';
import type { Wizard } from '../hooks/use-wizard';

const CLASSIFICATION_LABELS = ['applications:classification_0', 'applications:classification_1', 'applications:classification_2'] as const;

/** Step 4: the insurance-advisor statement with the referral form (bank referral rule) and the credential form. */
export function AdvisorStatementStep({ wizard }: { wizard: Wizard }) {
  const { t, i18n } = useTranslation(['applications', 'validation']);
  const data = wizard.steps.advisorStatement;
  const issues = wizard.issuesOf('advisorStatement');
  const shown = wizard.showErrors('advisorStatement');
  const set = (patch: Partial<AdvisorStatementDraft>) => wizard.update('advisorStatement', { ...data, ...patch });
  const code = isReferrerCode(data.referrerCode) ? data.referrerCode : null;
  const bankReferral = code !== null && isBankReferrer(code);
  const bank = code ? bankCodeForReferrer(code) : null;
  const branches = useBranches(bankReferral && bank ? bank : '');
  const err = (field: string) => errorAt(issues, field, shown);
  /** A partner bank by its name, never its code. */
  const bankLabel = (value: string | null | undefined) => (isBankCode(value) ? t(BANK_LABELS[value]) : '');

  const chooseReferrer = (value: string) => {
    if (!isReferrerCode(value)) {
      set({ referrerCode: value });
      return;
    }
    const isBank = isBankReferrer(value);
    set({
      referrerCode: value,
      isBankReferal: isBank,
      bank: isBank ? (bankCodeForReferrer(value) ?? '') : '',
      ...(isBank
        ? { isSupervisor: data.isSupervisor ?? false }
        : { department: '', referrer: '', isSupervisor: null, supervisor: '', referralDate: '', employeeId: '', employeeIdConfirmed: '' }),
    });
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="ref-heading">
        <Title order={2} size="h4" id="ref-heading" mb="sm">
          {t('applications:referral_title')}
        </Title>
        <Stack gap="sm">
          <NativeSelect
            id="referrerCode"
            label={t('applications:field_referrer_code')}
            value={data.referrerCode ?? ''}
            onChange={(e) => chooseReferrer(e.currentTarget.value)}
            error={err('referrerCode')}
            required
            data={[
              { value: '', label: t('applications:choose') },
              ...REFERRER_CODES.map((c) => ({
                value: c,
                label: t(REFERRER_LABELS[c], { bank: bankLabel(bankCodeForReferrer(c)) }),
              })),
            ]}
          />
          {code ? (
            <Text size="sm" c="dimmed" data-testid="referrer-classification">
              {t(CLASSIFICATION_LABELS[referrerClassification(code)])}
            </Text>
          ) : null}
          {bankReferral ? (
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput id="bank" label={t('applications:field_bank')} value={bankLabel(data.bank)} readOnly error={err('bank')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NativeSelect
                  id="department"
                  label={t('applications:field_department')}
                  value={data.department ?? ''}
                  onChange={(e) => set({ department: e.currentTarget.value })}
                  error={err('department')}
                  required
                  data={[
                    { value: '', label: branches.isPending ? t('applications:loading') : t('applications:choose') },
                    ...(branches.data?.branches ?? []).map((b) => ({ value: b.code, label: i18n.language === 'km' ? b.nameKh : b.name })),
                  ]}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  id="referrer"
                  label={t('applications:field_referrer')}
                  value={data.referrer ?? ''}
                  onChange={(e) => set({ referrer: e.currentTarget.value })}
                  error={err('referrer')}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  id="referralDate"
                  label={t('applications:field_referral_date')}
                  placeholder="DD/MM/YYYY"
                  inputMode="numeric"
                  value={data.referralDate ?? ''}
                  onChange={(e) => set({ referralDate: e.currentTarget.value })}
                  error={err('referralDate')}
                  required
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Checkbox
                  id="isSupervisor"
                  label={t('applications:field_is_supervisor')}
                  checked={data.isSupervisor === true}
                  onChange={(e) => set({ isSupervisor: e.currentTarget.checked })}
                  error={err('isSupervisor')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  id="supervisor"
                  label={t('applications:field_supervisor')}
                  value={data.supervisor ?? ''}
                  onChange={(e) => set({ supervisor: e.currentTarget.value })}
                  error={err('supervisor')}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }} />
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  id="employeeId"
                  label={t('applications:field_employee_id')}
                  value={data.employeeId ?? ''}
                  onChange={(e) => set({ employeeId: e.currentTarget.value })}
                  error={err('employeeId')}
                  required
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  id="employeeIdConfirmed"
                  label={t('applications:field_employee_id_confirmed')}
                  value={data.employeeIdConfirmed ?? ''}
                  onChange={(e) => set({ employeeIdConfirmed: e.currentTarget.value })}
                  error={err('employeeIdConfirmed')}
                  required
                  autoComplete="off"
                  onPaste={(e) => e.preventDefault()}
                />
              </Grid.Col>
            </Grid>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="stmt-heading">
        <Title order={2} size="h4" id="stmt-heading" mb="sm">
          {t('applications:advisor_statement_title')}
        </Title>
        <Checkbox
          id="statementAgreed"
          label={t('applications:advisor_statement_text')}
          checked={data.statementAgreed === true}
          onChange={(e) => set({ statementAgreed: e.currentTarget.checked })}
          error={err('statementAgreed')}
        />
      </Card>
    </Stack>
  );
}
