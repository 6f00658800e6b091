import { useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GROUP_LABELS } from '@portal/domain/codes/application-labels';
import { isSupportingDocumentId } from '@portal/domain/codes/supporting-documents';
import type { Language } from '@portal/domain/codes/languages';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import { LAST_WIZARD_STEP, WIZARD_STEPS, type WizardStepIndex } from '@portal/domain/codes/wizard-steps';
import { reviewApplication, type ReviewItem } from '@portal/domain/rules/application-review';
import { translateErrorKey, translateFormError } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import type { Wizard } from '../hooks/use-wizard';
import { FIELD_LABELS, STEP_LABELS } from './labels';
import { SubmissionSummary } from './submission-summary';
import { BusyButton } from '../../../components/ui/busy-button';

/** The element a review item leads to (the wizard's field ids). */
export function targetId(field: string): string {
  if (/^(lifeInsured|policyOwner|payor)\./.test(field)) return field.replace('.', '-');
  if (field.startsWith('beneficiar')) return 'beneficiaries';
  if (field.startsWith('documents.')) return field.split('.').slice(0, 2).join('.');
  return field;
}

function itemText(item: ReviewItem, t: (key: string, values?: Record<string, unknown>) => string): string {
  const parts = item.field.split('.');
  if (item.category === 'beneficiaryShares') return t('applications:review_shares');
  if (item.category === 'signature')
    return t('applications:review_unsigned', { who: t(FIELD_LABELS[parts[1] ?? ''] ?? 'applications:signatures') });
  if (item.category === 'expiredId') return t('applications:id_expired');
  if (item.category === 'document' && parts.length === 2 && isSupportingDocumentId(parts[1]))
    return t('applications:review_document_missing', { group: t(GROUP_LABELS[parts[1]]) });
  const named = [...parts].reverse().find((p) => FIELD_LABELS[p]);
  const label = named ? t(FIELD_LABELS[named] ?? '') : '';
  return label ? `${label}: ${translateFormError(item.key)}` : translateFormError(item.key);
}

/** Step 6: the "in good order" review (the same rules the server re-checks), then the submission. */
export function ReviewStep({
  wizard,
  app,
  documents,
}: {
  wizard: Wizard;
  app: ApplicationResponse;
  documents: readonly ApplicationDocument[];
}) {
  const applicationId = app.id;
  const { t, i18n } = useTranslation(['applications', 'validation', 'errors']);
  const navigate = useNavigate();
  const [language, setLanguage] = useState<Language>(i18n.language === 'km' ? 'km' : 'en');
  const submit = useSubmitApplication(applicationId);
  const items = reviewApplication(wizard.facts);
  const incomplete = WIZARD_STEPS.filter(
    (s) => s.index < LAST_WIZARD_STEP && wizard.completion[s.completionFlag] !== true && !items.some((i) => i.step === s.index),
  );
  const ready = items.length === 0 && incomplete.length === 0;
  // Submitting cannot be undone: the advisor confirms the summary first.
  const [confirmed, setConfirmed] = useState(false);

  const jump = (step: WizardStepIndex, field?: string) => {
    wizard.revealErrors(WIZARD_STEPS[step]?.name ?? 'personalInfo');
    wizard.goTo(step);
    if (field)
      setTimeout(() => {
        const el = document.getElementById(targetId(field));
        el?.scrollIntoView({ block: 'center' });
        if (el instanceof HTMLElement) el.focus({ preventScroll: true });
      }, 150);
  };

  // Submit exactly what the server has acknowledged: first save whatever is unsaved; when that
  // fails, say so and submit nothing (the server also refuses a version it has moved past: 409).
  const [unsaved, setUnsaved] = useState(false);
  const [checking, setChecking] = useState(false);
  const send = async () => {
    setUnsaved(false);
    submit.reset();
    setChecking(true);
    const saved = await wizard.ensureSaved().finally(() => setChecking(false));
    if (!saved) {
      setUnsaved(true);
      return;
    }
    submit.mutate(
      { language, version: wizard.version() },
      { onSuccess: (app) => void navigate(`/home/application/application_create_sucess?applicationId=${encodeURIComponent(app.id)}`) },
    );
  };
  const conflict = wizard.saveState === 'conflict' || (isApiError(submit.error) && submit.error.status === 409);

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="review-heading">
        <Title order={2} size="h4" id="review-heading" mb="sm">
          {t('applications:review_title')}
        </Title>
        {ready ? (
          <Alert color="green" variant="light" data-testid="review-clean">
            {t('applications:review_clean')}
          </Alert>
        ) : (
          <>
            <Text size="sm" mb="xs">
              {t('applications:review_intro', { count: items.length + incomplete.length })}
            </Text>
            <List spacing={6} data-testid="review-items">
              {items.map((item, index) => (
                <List.Item key={`${item.step}-${item.field}-${item.key}-${index}`}>
                  <Anchor component="button" type="button" onClick={() => jump(item.step, item.field)} data-testid="review-item">
                    {t(STEP_LABELS[item.stepName])} — {itemText(item, t)}
                  </Anchor>
                </List.Item>
              ))}
              {incomplete.map((s) => (
                <List.Item key={s.name}>
                  <Anchor component="button" type="button" onClick={() => jump(s.index)} data-testid="review-item">
                    {t('applications:review_step_incomplete', { step: t(STEP_LABELS[s.name]) })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Card>
      {ready ? <SubmissionSummary steps={wizard.steps} product={app.product} documents={documents} /> : null}
      <Card withBorder radius="md" component="section" aria-labelledby="submit-heading">
        <Title order={2} size="h4" id="submit-heading" mb="sm">
          {t('applications:submit_title')}
        </Title>
        <Stack gap="sm">
          <NativeSelect
            label={t('applications:form_language')}
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value === 'km' ? 'km' : 'en')}
            data={[
              { value: 'en', label: 'English' },
              { value: 'km', label: 'ខ្មែរ' },
            ]}
          />
          {conflict ? (
            <Alert color="red" variant="light" role="alert" data-testid="submit-problem">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('applications:save_conflict')}</Text>
                <Button size="xs" variant="light" onClick={() => window.location.reload()}>
                  {t('applications:reload')}
                </Button>
              </Stack>
            </Alert>
          ) : unsaved ? (
            <Alert color="red" variant="light" role="alert" data-testid="submit-problem">
              {t(wizard.saveState === 'invalid' ? 'applications:submit_refused_step' : 'applications:submit_unsaved')}
            </Alert>
          ) : submit.isError ? (
            <Alert color="red" variant="light" role="alert" data-testid="submit-problem">
              {isApiError(submit.error) ? translateErrorKey(submit.error.messageKey) : translateErrorKey('system_error')}
            </Alert>
          ) : null}
          {ready ? (
            <Checkbox
              checked={confirmed}
              onChange={(e) => setConfirmed(e.currentTarget.checked)}
              label={t('applications:submit_confirm')}
              data-testid="submit-confirm"
            />
          ) : null}
          <Group>
            <BusyButton
              onClick={() => void send()}
              disabled={!ready || !confirmed || conflict}
              busy={checking || submit.isPending}
              data-testid="submit-application"
            >
              {t('applications:submit')}
            </BusyButton>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
