import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { usePipeline } from '../api/find-pipeline';
import { usePipelineQuery } from '../hooks/use-pipeline-query';
import { PipelineCard } from './pipeline-figures';
import { PipelineHeader } from './pipeline-header';
import { PipelineError, PipelineLoading } from './pipeline-states';

/** The agency admin's pipeline: what each advisor has waiting at each step and for how long. */
export function PipelineScreen() {
  const { t } = useTranslation(['agency', 'common']);
  const [query, setQuery] = usePipelineQuery();
  const pipeline = usePipeline(query);
  const km = currentLanguage() === 'km';
  const data = pipeline.data;

  return (
    <>
      <PipelineHeader titleKey="agency:pipeline_title" subtitle={t('agency:pipeline_text')} query={query} onChange={setQuery} />
      {pipeline.isPending ? (
        <PipelineLoading />
      ) : pipeline.isError || !data ? (
        <PipelineError titleKey="agency:pipeline_error" error={pipeline.error} onRetry={() => void pipeline.refetch()} />
      ) : data.advisors.length === 0 ? (
        <Text c="dimmed" py="lg" data-testid="pipeline-empty">
          {t('agency:pipeline_empty')}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="pipeline-cards"
          aria-busy={pipeline.isFetching}
        >
          {query.advisorId ? null : (
            <PipelineCard
              id="agency"
              headingId="pipeline-agency"
              name={t('agency:pipeline_whole_agency')}
              figures={data.totals}
              query={query}
            />
          )}
          {data.advisors.map((advisor) => (
            <PipelineCard
              key={advisor.userId}
              id={advisor.userId}
              headingId={`pipeline-${advisor.userId}`}
              name={km && advisor.displayNameKh ? advisor.displayNameKh : advisor.displayName}
              nameLang={km && advisor.displayNameKh ? 'km' : undefined}
              figures={advisor.figures}
              query={{ ...query, advisorId: advisor.userId }}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
