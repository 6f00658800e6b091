import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PipelineQuery } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { BusyButton } from '../../../components/ui/busy-button';
import { PageHeader } from '../../../components/ui/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { useDownloadPipelineCsv } from '../api/find-pipeline-items';
import { useAgencyUsers } from '../api/list-agency-users';
import { PipelineFilters } from './pipeline-filters';
import { errorText } from './pipeline-states';

/**
 * The top of both pipeline screens: the title, the CSV download of what the filters select (and
 * its error, if any), and the filters themselves (the advisors of the agency, a stage, a minimum
 * number of days).
 */
export function PipelineHeader({
  titleKey,
  subtitle,
  query,
  onChange,
}: {
  titleKey: string;
  subtitle?: string | undefined;
  query: PipelineQuery;
  onChange: (next: PipelineQuery) => void;
}) {
  const { t } = useTranslation(['agency']);
  const users = useAgencyUsers();
  const csv = useDownloadPipelineCsv();
  const lang = currentLanguage();
  const km = lang === 'km';
  const advisors = (users.data?.items ?? []).map((u) => ({ id: u.id, name: km && u.displayNameKh ? u.displayNameKh : u.displayName }));
  return (
    <>
      <PageHeader
        titleKey={titleKey}
        subtitle={subtitle}
        actions={
          <BusyButton variant="light" size="sm" busy={csv.isPending} onClick={() => csv.mutate({ query, lang })} data-testid="pipeline-csv">
            {t('agency:pipeline_download')}
          </BusyButton>
        }
      />
      <PipelineFilters query={query} advisors={advisors} onChange={onChange} />
      {csv.isError ? (
        <Text c="red.9" role="alert" mb="sm">
          {errorText(csv.error)}
        </Text>
      ) : null}
    </>
  );
}
