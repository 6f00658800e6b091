import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GROUP_LABELS } from '@portal/domain/codes/application-labels';
import { isSupportingDocumentId } from '@portal/domain/codes/supporting-documents';
import type { PipelineItem } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { formatDisplayDate } from '@portal/domain/format/date';
import { currentLanguage } from '../../../lib/i18n';
import { usePipelineItems } from '../api/find-pipeline-items';
import { pipelineSearch, usePipelineQuery } from '../hooks/use-pipeline-query';
import { PipelineHeader } from './pipeline-header';
import { PipelineError, PipelineLoading } from './pipeline-states';

function ItemCard({ item, km }: { item: PipelineItem; km: boolean }) {
  const { t } = useTranslation(['agency', 'applications']);
  const name = km && item.nameKh ? item.nameKh : item.name;
  const advisor = km && item.advisorNameKh ? item.advisorNameKh : item.advisorName;
  const missing = item.missingDocuments.map((group) => (isSupportingDocumentId(group) ? t(GROUP_LABELS[group]) : group));
  return (
    <Card withBorder padding="sm" component="li" data-testid="pipeline-item" data-stage={item.stage} data-days={item.daysWaiting}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} translate="no" lang={km && item.nameKh ? 'km' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="sm">{t(`agency:pipeline_stage_${item.stage}`)}</Text>
          <Text size="sm" c="dimmed">
            {t('agency:pipeline_advisor_of', { name: advisor })}
            {item.reference ? (
              <>
                {' · '}
                <span translate="no">{item.reference}</span>
              </>
            ) : null}
          </Text>
          {missing.length > 0 ? (
            <Text size="sm" c="red.9" data-testid="pipeline-missing">
              {t('agency:pipeline_missing', { documents: missing.join(', ') })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700} data-testid="pipeline-days">
            {t('agency:pipeline_days_waiting', { days: item.daysWaiting })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('agency:pipeline_since', { date: formatDisplayDate(item.since) })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** The items behind a pipeline figure (the filters of the URL), oldest first. */
export function PipelineListScreen() {
  const { t } = useTranslation(['agency', 'common']);
  const [query, setQuery] = usePipelineQuery();
  const items = usePipelineItems(query);
  const km = currentLanguage() === 'km';
  const data = items.data;

  return (
    <>
      <Anchor
        component={Link}
        to={`/home/agency/pipeline${pipelineSearch({ ...query, stage: undefined })}`}
        size="sm"
        mb="xs"
        display="inline-block"
      >
        {t('agency:pipeline_list_back')}
      </Anchor>
      <PipelineHeader
        titleKey="agency:pipeline_list_title"
        subtitle={query.stage ? t(`agency:pipeline_stage_${query.stage}`) : undefined}
        query={query}
        onChange={setQuery}
      />
      {items.isPending ? (
        <PipelineLoading />
      ) : items.isError || !data ? (
        <PipelineError titleKey="agency:pipeline_list_error" error={items.error} onRetry={() => void items.refetch()} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed" py="lg" data-testid="pipeline-list-empty">
          {t('agency:pipeline_list_empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" mb="xs" aria-live="polite" data-testid="pipeline-list-count">
            {t('agency:pipeline_list_shown', { shown: data.items.length, total: data.total })}
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="pipeline-items">
            {data.items.map((item) => (
              <ItemCard key={`${item.stage}-${item.id}`} item={item} km={km} />
            ))}
          </Stack>
        </>
      )}
    </>
  );
}
