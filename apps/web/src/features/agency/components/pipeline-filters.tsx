import { Group, NativeSelect, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PipelineQuery } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { isPipelineStage, PIPELINE_STAGES } from '@portal/domain/contracts/agency-pipeline/pipeline-stages';

export interface AdvisorOption {
  id: string;
  name: string;
}

/** Advisor, step and minimum days waited; each change applies at once (the URL keeps it). */
export function PipelineFilters({
  query,
  advisors,
  onChange,
}: {
  query: PipelineQuery;
  advisors: readonly AdvisorOption[];
  onChange: (next: PipelineQuery) => void;
}) {
  const { t } = useTranslation(['agency']);
  const set = (patch: Partial<PipelineQuery>) => {
    const next: PipelineQuery = { ...query, ...patch };
    for (const key of Object.keys(next) as (keyof PipelineQuery)[]) if (next[key] === undefined) delete next[key];
    onChange(next);
  };
  return (
    <Group component="fieldset" gap="sm" align="flex-end" mb="md" p={0} style={{ border: 0 }} data-testid="pipeline-filters">
      <VisuallyHidden component="legend">{t('agency:pipeline_filters')}</VisuallyHidden>
      <NativeSelect
        label={t('agency:pipeline_filter_advisor')}
        value={query.advisorId ?? ''}
        onChange={(event) => set({ advisorId: event.currentTarget.value || undefined })}
        data={[{ value: '', label: t('agency:pipeline_filter_all_advisors') }, ...advisors.map((a) => ({ value: a.id, label: a.name }))]}
        style={{ flex: '1 1 12rem' }}
        data-testid="filter-advisor"
      />
      <NativeSelect
        label={t('agency:pipeline_filter_stage')}
        value={query.stage ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          set({ stage: isPipelineStage(value) ? value : undefined });
        }}
        data={[
          { value: '', label: t('agency:pipeline_filter_all_stages') },
          ...PIPELINE_STAGES.map((stage) => ({ value: stage, label: t(`agency:pipeline_stage_${stage}`) })),
        ]}
        style={{ flex: '1 1 12rem' }}
        data-testid="filter-stage"
      />
      <TextInput
        label={t('agency:pipeline_filter_min_days')}
        type="number"
        inputMode="numeric"
        min={0}
        max={3650}
        value={query.minDays === undefined ? '' : String(query.minDays)}
        onChange={(event) => {
          const n = Number.parseInt(event.currentTarget.value, 10);
          set({ minDays: Number.isFinite(n) && n > 0 ? Math.min(n, 3650) : undefined });
        }}
        style={{ flex: '1 1 10rem' }}
        data-testid="filter-min-days"
      />
    </Group>
  );
}
