import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PipelineFigure, PipelineQuery } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { CANDIDATE_STAGES, FUNNEL_STAGES, type PipelineStage } from '@portal/domain/contracts/agency-pipeline/pipeline-stages';
import { pipelineSearch } from '../hooks/use-pipeline-query';

export const PIPELINE_LIST_PATH = '/home/agency/pipeline/list';

/** The card's sections: the sales funnel always in full; recruitment stages only where someone waits. */
const SECTIONS: readonly { titleKey: string; stages: readonly PipelineStage[]; hideEmpty: boolean }[] = [
  { titleKey: 'agency:pipeline_group_sales', stages: FUNNEL_STAGES, hideEmpty: false },
  { titleKey: 'agency:pipeline_group_recruitment', stages: CANDIDATE_STAGES, hideEmpty: true },
  { titleKey: 'agency:pipeline_group_training', stages: ['training_overdue'], hideEmpty: false },
];

function FigureLink({ figure, query }: { figure: PipelineFigure; query: PipelineQuery }) {
  const { t } = useTranslation(['agency']);
  return (
    <Anchor
      component={Link}
      to={`${PIPELINE_LIST_PATH}${pipelineSearch({ ...query, stage: figure.stage })}`}
      underline="never"
      c="inherit"
      display="block"
      p="xs"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="pipeline-figure"
      data-stage={figure.stage}
      data-count={figure.count}
    >
      <Text size="sm" c="blue.9" td="underline">
        {t(`agency:pipeline_stage_${figure.stage}`)}
      </Text>
      <Text fw={700} size="xl" lh={1.2}>
        {figure.count}
      </Text>
      {figure.oldestDays !== null ? (
        <Text size="sm" c="dimmed">
          {t('agency:pipeline_oldest', { days: figure.oldestDays })}
        </Text>
      ) : null}
      {figure.missingDocuments ? (
        <Text size="sm" c="red.9">
          {t('agency:pipeline_missing_count', { count: figure.missingDocuments })}
        </Text>
      ) : null}
    </Anchor>
  );
}

/** One advisor's (or the whole agency's) figures; each opens the list of the items behind it. */
export function PipelineCard({
  id,
  name,
  nameLang,
  figures,
  query,
  headingId,
}: {
  id: string;
  name: string;
  nameLang?: string | undefined;
  figures: readonly PipelineFigure[];
  /** The filters each figure's list keeps (the advisor's own id for an advisor's card). */
  query: PipelineQuery;
  headingId: string;
}) {
  const { t } = useTranslation(['agency']);
  const byStage = new Map(figures.map((f) => [f.stage, f]));
  return (
    <Card withBorder padding="sm" component="li" aria-labelledby={headingId} data-testid="pipeline-card" data-card={id}>
      <Title order={2} size="h4" id={headingId} mb="xs" translate="no" lang={nameLang}>
        {name}
      </Title>
      <Stack gap="sm">
        {SECTIONS.map((section) => {
          const shown = section.stages.flatMap((stage) => {
            const figure = byStage.get(stage);
            return figure && (!section.hideEmpty || figure.count > 0) ? [figure] : [];
          });
          if (shown.length === 0) return null;
          return (
            <div key={section.titleKey}>
              <Text size="sm" fw={600} mb={4}>
                {t(section.titleKey)}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {shown.map((figure) => (
                  <li key={figure.stage}>
                    <FigureLink figure={figure} query={query} />
                  </li>
                ))}
              </SimpleGrid>
            </div>
          );
        })}
      </Stack>
    </Card>
  );
}
