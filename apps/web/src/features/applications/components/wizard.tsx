import { useEffect, useRef } from 'react';
import { Button, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WIZARD_STEPS, type WizardStepIndex } from '@portal/domain/codes/wizard-steps';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import { translateFormError } from '../../../lib/i18n';
import { useWizard } from '../hooks/use-wizard';
import { useRemoteSignStatus } from '../api/remote-sign-status';
import { AdvisorStatementStep } from './advisor-statement-step';
import { DeclarationStep } from './declaration-step';
import { DocumentsStep } from './documents-step';
import { HealthStep } from './health-step';
import { STEP_LABELS } from './labels';
import { PersonalInfoStep } from './personal-info-step';
import { ProductInfoStep } from './product-info-step';
import { ReviewStep } from './review-step';

const SAVE_LABELS = {
  idle: '',
  saving: 'applications:saving',
  saved: 'applications:saved',
  retrying: 'applications:save_retrying',
  invalid: 'applications:save_invalid',
  error: 'applications:save_error',
  conflict: 'applications:save_conflict',
} as const;

const SAVE_PROBLEMS: ReadonlySet<string> = new Set(['retrying', 'invalid', 'error', 'conflict']);

/** The seven-step wizard of a pending application; reopens on the step last active. */
export function ApplicationWizard({ app, documents }: { app: ApplicationResponse; documents: readonly ApplicationDocument[] }) {
  const { t } = useTranslation(['applications']);
  const remote = useRemoteSignStatus(app.id);
  const wizard = useWizard(app, documents, remote.data);
  const step = WIZARD_STEPS[wizard.active] ?? WIZARD_STEPS[0];
  const saveLabel = SAVE_LABELS[wizard.saveState];
  const body = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(wizard.active);
  // A new step starts with focus on its title (read out, and the next Tab is its first field),
  // not on the Next button below it; a review link then moves focus on to its field.
  useEffect(() => {
    if (shownStep.current === wizard.active) return;
    shownStep.current = wizard.active;
    title.current?.focus();
  }, [wizard.active]);
  // Next on a step with mistakes: focus goes to the first field in error, as a form's submit does.
  const onNext = () => {
    if (wizard.next()) return;
    requestAnimationFrame(() => body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  return (
    <Stack gap="md" data-testid="wizard" data-active-step={wizard.active}>
      <ScrollArea type="auto" offsetScrollbars>
        <Group component="nav" aria-label={t('applications:steps_nav')} gap={6} wrap="nowrap">
          {WIZARD_STEPS.map((s) => {
            const done = wizard.completion[s.completionFlag];
            const current = s.index === wizard.active;
            return (
              <UnstyledButton
                key={s.name}
                onClick={() => wizard.goTo(s.index as WizardStepIndex)}
                // A step reached with Tab is scrolled fully into the bar's view (focus never half hidden).
                onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
                aria-current={current ? 'step' : undefined}
                data-testid={`step-${s.index}`}
                px="sm"
                py={6}
                style={{
                  borderRadius: 8,
                  whiteSpace: 'nowrap',
                  border: '1px solid var(--mantine-color-gray-4)',
                  background: current ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Text size="sm" fw={current ? 700 : 400}>
                  {done ? '✓ ' : `${s.index + 1}. `}
                  {t(STEP_LABELS[s.name])}
                </Text>
              </UnstyledButton>
            );
          })}
        </Group>
      </ScrollArea>
      <Text
        component="h2"
        ref={title}
        tabIndex={-1}
        className="page-title"
        fz="h3"
        fw={700}
        id="wizard-step-title"
        data-testid="wizard-step-title"
      >
        {t('applications:step_of', { n: wizard.active + 1, total: WIZARD_STEPS.length })} · {t(STEP_LABELS[step.name])}
      </Text>
      <div ref={body}>
        {step.name === 'personalInfo' ? <PersonalInfoStep wizard={wizard} /> : null}
        {step.name === 'productInfo' ? <ProductInfoStep wizard={wizard} product={app.product} /> : null}
        {step.name === 'healthInfo' ? <HealthStep wizard={wizard} /> : null}
        {step.name === 'declarationAuthorization' ? <DeclarationStep wizard={wizard} /> : null}
        {step.name === 'advisorStatement' ? <AdvisorStatementStep wizard={wizard} /> : null}
        {step.name === 'supportingDocuments' ? <DocumentsStep wizard={wizard} applicationId={app.id} documents={documents} /> : null}
        {step.name === 'submission' ? <ReviewStep wizard={wizard} app={app} documents={documents} /> : null}
      </div>
      <Group
        justify="space-between"
        style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', paddingBlock: 8, zIndex: 2 }}
      >
        <Button
          variant="default"
          onClick={() => wizard.goTo(Math.max(0, wizard.active - 1) as WizardStepIndex)}
          disabled={wizard.active === 0}
          data-testid="wizard-back"
        >
          {t('applications:back')}
        </Button>
        <Stack gap={2} align="center" miw={0} style={{ flex: 1 }}>
          <Text
            size="sm"
            ta="center"
            c={SAVE_PROBLEMS.has(wizard.saveState) ? 'red' : 'dimmed'}
            role="status"
            aria-live="polite"
            data-testid="save-state"
          >
            {saveLabel ? t(saveLabel) : ''}
            {wizard.saveState === 'invalid' && wizard.serverErrors.length > 0
              ? ` ${wizard.serverErrors.map((e) => translateFormError(e.key)).join(' ')}`
              : ''}
          </Text>
          {wizard.saveState === 'conflict' ? (
            <Button size="compact-sm" variant="light" onClick={() => window.location.reload()} data-testid="wizard-reload">
              {t('applications:reload')}
            </Button>
          ) : null}
        </Stack>
        {wizard.active < 6 ? (
          <Button onClick={onNext} data-testid="wizard-next">
            {t('applications:next')}
          </Button>
        ) : (
          <span />
        )}
      </Group>
    </Stack>
  );
}
