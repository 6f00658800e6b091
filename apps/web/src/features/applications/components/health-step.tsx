import { Card, Radio, Group, Stack, Textarea, Title, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HEALTH_QUESTIONS, ANSWER_SEQUENCE_LIFE_INSURED } from '@portal/domain/codes/health-questions';
import type { HealthAnswerDraft } from '@portal/domain/contracts/applications/application-steps';
import { answerSequences } from '@portal/domain/rules/application-steps';
import { errorAt } from '../hooks/field-errors';
import type { Wizard } from '../hooks/use-wizard';

/** Step 2: the health questionnaire, for the life insured and (when another person) the owner. */
export function HealthStep({ wizard }: { wizard: Wizard }) {
  const { t } = useTranslation(['applications', 'validation']);
  const answers = wizard.steps.healthInfo.answers ?? [];
  const issues = wizard.issuesOf('healthInfo');
  const shown = wizard.showErrors('healthInfo');
  const find = (q: number, seq: number) => answers.find((a) => a.questionNumber === q && a.answerSequenceNo === seq);
  const setAnswer = (q: number, seq: number, patch: Partial<HealthAnswerDraft>) => {
    const existing = find(q, seq);
    const next = existing
      ? answers.map((a) => (a === existing ? { ...a, ...patch } : a))
      : [...answers, { questionNumber: q, answerSequenceNo: seq, ...patch }];
    wizard.update('healthInfo', { answers: next });
  };
  return (
    <Stack gap="lg">
      {answerSequences(wizard.steps).map((seq) => (
        <Card key={seq} withBorder radius="md" component="section" aria-labelledby={`health-${seq}`}>
          <Title order={2} size="h4" id={`health-${seq}`} mb="sm">
            {seq === ANSWER_SEQUENCE_LIFE_INSURED ? t('applications:health_insured') : t('applications:health_owner')}
          </Title>
          <Stack gap="md">
            {HEALTH_QUESTIONS.map((q) => {
              const a = find(q.questionNumber, seq);
              const base = `answers.${seq}.${q.questionNumber}`;
              return (
                <Stack key={q.questionNumber} gap={6} data-testid={`health-q-${seq}-${q.questionNumber}`}>
                  <Radio.Group
                    id={`${base}.answerValue`}
                    label={
                      <Text fw={500} size="sm">
                        {q.questionNumber}. {t(q.textKey)}
                      </Text>
                    }
                    value={a?.answerValue ?? ''}
                    onChange={(value) => setAnswer(q.questionNumber, seq, { answerValue: value })}
                    error={errorAt(issues, `${base}.answerValue`, shown)}
                    required
                  >
                    <Group gap="lg" mt={4}>
                      <Radio value="Y" label={t('applications:yes')} />
                      <Radio value="N" label={t('applications:no')} />
                    </Group>
                  </Radio.Group>
                  {a?.answerValue === 'Y' ? (
                    <Textarea
                      label={t('applications:health_details')}
                      value={a.answerDescription ?? ''}
                      autosize
                      minRows={2}
                      maxLength={300}
                      onChange={(e) => setAnswer(q.questionNumber, seq, { answerDescription: e.currentTarget.value })}
                      error={errorAt(issues, `${base}.answerDescription`, shown)}
                      required
                    />
                  ) : null}
                </Stack>
              );
            })}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
