import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLanguage } from '@portal/domain/codes/languages';
import type { SubmitAnswersResponse } from '@portal/domain/contracts/compliance/submit-answers';
import { formatDisplayDate } from '@portal/domain/format/date';
import { IconAlert, IconCheck } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useDownloadCertificate } from '../api/download-pdf';
import { useQuestions } from '../api/find-questions';
import { useSubmitAnswers } from '../api/submit-answers';
import { errorText, LoadError, Loading } from './states';
import { BusyButton } from '../../../components/ui/busy-button';

/** /home/compliance/questionnaire: one choice per question, submitted for scoring; the result, and a retry or the certificate. */
export function QuestionnaireScreen() {
  const { t, i18n } = useTranslation(['compliance', 'common', 'errors']);
  const lang = toLanguage(i18n.language);
  const questions = useQuestions(lang);
  const submit = useSubmitAnswers();
  const certificate = useDownloadCertificate();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<SubmitAnswersResponse | null>(null);

  if (questions.isPending)
    return (
      <>
        <PageHeader titleKey="compliance:questionnaire_title" />
        <Loading rows={4} />
      </>
    );
  if (questions.isError)
    return (
      <>
        <PageHeader titleKey="compliance:questionnaire_title" />
        <LoadError error={questions.error} onRetry={() => void questions.refetch()} />
      </>
    );
  const { period } = questions.data;
  const list = questions.data.questions;
  const correctness = new Map(result?.results.map((r) => [r.questionNumber, r.correct]) ?? []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (list.some((q) => !answers[q.questionNumber])) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const response = await submit
      .mutateAsync({
        lang,
        answers: list.map((q) => ({ questionNumber: q.questionNumber, answerSequenceNo: Number(answers[q.questionNumber]) })),
      })
      .catch(() => null);
    if (response) {
      setResult(response);
      window.scrollTo({ top: 0 });
    }
  };

  const retry = () => {
    setResult(null);
    setAnswers({});
    submit.reset();
  };

  return (
    <>
      <PageHeader
        titleKey="compliance:questionnaire_title"
        subtitle={t('compliance:due_by', { date: formatDisplayDate(period.dueDate), mark: period.passMarkPercent })}
      />
      {result ? (
        <Alert
          color={result.attempt.passed ? 'green' : 'red'}
          variant="light"
          icon={result.attempt.passed ? <IconCheck /> : <IconAlert />}
          role="status"
          mb="lg"
          data-testid="questionnaire-result"
        >
          <Stack gap="sm" align="flex-start">
            <Text fw={600}>
              {result.attempt.passed
                ? t('compliance:result_passed', { score: result.attempt.scorePercent })
                : t('compliance:result_failed', { score: result.attempt.scorePercent, mark: result.attempt.passMarkPercent })}
            </Text>
            <Group gap="sm">
              {result.attempt.passed ? (
                <BusyButton
                  busy={certificate.isPending}
                  onClick={() => certificate.mutate({ periodCode: period.code, lang })}
                  data-testid="download-certificate"
                >
                  {t('compliance:certificate')}
                </BusyButton>
              ) : (
                <Button onClick={retry} data-testid="retry-questionnaire">
                  {t('compliance:try_again')}
                </Button>
              )}
              <Button component={Link} to="/home/compliance" variant="default">
                {t('compliance:back_to_training')}
              </Button>
            </Group>
            {certificate.isError ? (
              <Text c="red" size="sm">
                {errorText(certificate.error)}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          {list.map((q, index) => {
            const verdict = correctness.get(q.questionNumber);
            return (
              <Card key={q.questionNumber} withBorder padding="md" data-testid={`question-${q.questionNumber}`}>
                <Radio.Group
                  name={`question-${q.questionNumber}`}
                  label={`${t('compliance:question_of', { number: index + 1, total: list.length })}: ${q.question}`}
                  value={answers[q.questionNumber] ?? null}
                  onChange={(value) => setAnswers((prev) => ({ ...prev, [q.questionNumber]: value }))}
                  error={missing && !answers[q.questionNumber] ? t('compliance:answer_all') : undefined}
                  required
                  readOnly={result !== null}
                >
                  <Stack gap="xs" mt="xs">
                    {q.answers.map((a) => (
                      <Radio
                        key={a.answerSequenceNo}
                        value={String(a.answerSequenceNo)}
                        label={`${a.answerValue}. ${a.answerDescription}`}
                        disabled={result !== null}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {verdict !== undefined ? (
                  <Text size="sm" mt="xs" c={verdict ? 'green.8' : 'red.8'} fw={600}>
                    {t(verdict ? 'compliance:answer_correct' : 'compliance:answer_wrong')}
                  </Text>
                ) : null}
              </Card>
            );
          })}
          {missing ? (
            <Alert color="red" variant="light" role="alert">
              {t('compliance:answer_all')}
            </Alert>
          ) : null}
          {submit.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(submit.error)}
            </Alert>
          ) : null}
          {result === null ? (
            <Group>
              <BusyButton type="submit" busy={submit.isPending} data-testid="submit-answers">
                {t('compliance:submit_answers')}
              </BusyButton>
            </Group>
          ) : null}
        </Stack>
      </form>
    </>
  );
}
