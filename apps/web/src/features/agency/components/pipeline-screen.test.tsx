// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PipelineItemsResponse, PipelineResponse } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { PIPELINE_STAGES } from '@portal/domain/contracts/agency-pipeline/pipeline-stages';
import { i18n } from '../../../lib/i18n';
import { apiError, json, standInFetch } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import { PipelineListScreen } from './pipeline-list-screen';
import { PipelineScreen } from './pipeline-screen';

const DARA = '00000000-0000-4000-8000-000000000001';
const figures = (counts: Partial<Record<string, [number, number]>>) =>
  PIPELINE_STAGES.map((stage) => {
    const [count, oldestDays] = counts[stage] ?? [0, null];
    return { stage, count, oldestDays, ...(stage === 'pending' ? { missingDocuments: count } : {}) };
  });

const pipeline: PipelineResponse = {
  asOf: '2026-11-20',
  stages: [...PIPELINE_STAGES],
  advisors: [
    {
      userId: DARA,
      displayName: 'Dara Chea',
      displayNameKh: null,
      agentCode: 'A-1',
      figures: figures({ quoted: [2, 20], pending: [1, 8], candidate_submitted: [1, 9] }),
    },
  ],
  totals: figures({ quoted: [2, 20], pending: [1, 8], candidate_submitted: [1, 9] }),
};

function serve(answer: (path: string, query: URLSearchParams) => Response | undefined) {
  return standInFetch((r) => {
    if (r.url.pathname === '/api/agency/v1/users') return json(200, { items: [] });
    return answer(r.url.pathname, r.url.searchParams);
  });
}

describe('PipelineScreen', () => {
  it('shows each advisor’s figures as links to the list behind them, with the filters kept', async () => {
    const network = serve((path) => (path === '/api/agency/v1/pipeline' ? json(200, pipeline) : undefined));
    await renderScreen(<PipelineScreen />, { route: '/home/agency/pipeline', at: '/home/agency/pipeline?minDays=3' });
    const card = (await screen.findByRole('heading', { name: 'Dara Chea' })).closest('li')!;
    const quoted = within(card).getByRole('link', { name: new RegExp(i18n.t('agency:pipeline_stage_quoted')) });
    expect(quoted.getAttribute('href')).toBe(`/home/agency/pipeline/list?advisorId=${DARA}&stage=quoted&minDays=3`);
    expect(quoted.textContent).toContain(i18n.t('agency:pipeline_oldest', { days: 20 }));
    const pending = within(card).getByRole('link', { name: new RegExp(i18n.t('agency:pipeline_stage_pending')) });
    expect(pending.textContent).toContain(i18n.t('agency:pipeline_missing_count', { count: 1 }));
    // Recruitment steps where nobody waits are left out of the card; the funnel is shown in full.
    expect(within(card).queryByText(i18n.t('agency:pipeline_stage_candidate_draft'))).toBeNull();
    expect(within(card).getByText(i18n.t('agency:pipeline_stage_candidate_submitted'))).toBeTruthy();
    expect(within(card).getByText(i18n.t('agency:pipeline_stage_presented'))).toBeTruthy();
    expect(network.to('/api/agency/v1/pipeline')[0]!.url.searchParams.get('minDays')).toBe('3');
  });

  it('says so when nothing is listed, and when the figures cannot be read', async () => {
    serve((path) => (path === '/api/agency/v1/pipeline' ? json(200, { ...pipeline, advisors: [] }) : undefined));
    const first = await renderScreen(<PipelineScreen />, { route: '/home/agency/pipeline' });
    expect((await screen.findByTestId('pipeline-empty')).textContent).toBe(i18n.t('agency:pipeline_empty'));
    first.unmount();
    serve((path) => (path === '/api/agency/v1/pipeline' ? apiError(403, 'forbidden') : undefined));
    await renderScreen(<PipelineScreen />, { route: '/home/agency/pipeline' });
    expect((await screen.findByRole('alert')).textContent).toContain(i18n.t('agency:pipeline_error'));
  });
});

describe('PipelineListScreen', () => {
  it('lists the items in words, with the days waited and the missing documents by name', async () => {
    const items: PipelineItemsResponse = {
      asOf: '2026-11-20',
      total: 1,
      items: [
        {
          stage: 'pending',
          id: 'a1',
          advisorId: DARA,
          advisorName: 'Dara Chea',
          advisorNameKh: null,
          agentCode: 'A-1',
          name: 'Nary Ouk',
          nameKh: null,
          reference: 'AP00000001',
          since: '2026-11-12',
          daysWaiting: 8,
          missingDocuments: ['owner-id'],
        },
      ],
    };
    const network = serve((path) => (path === '/api/agency/v1/pipeline/items' ? json(200, items) : undefined));
    await renderScreen(<PipelineListScreen />, { route: '/home/agency/pipeline/list', at: '/home/agency/pipeline/list?stage=pending' });
    const item = await screen.findByTestId('pipeline-item');
    expect(item.textContent).toContain('Nary Ouk');
    expect(item.textContent).toContain(i18n.t('agency:pipeline_stage_pending'));
    expect(item.textContent).toContain(i18n.t('agency:pipeline_days_waiting', { days: 8 }));
    expect(item.textContent).toContain(i18n.t('agency:pipeline_since', { date: '12/11/2026' }));
    expect(within(item).getByTestId('pipeline-missing').textContent).toBe(
      i18n.t('agency:pipeline_missing', { documents: i18n.t('applications:group_owner_id') }),
    );
    expect(item.textContent).not.toContain('owner-id');
    expect(network.to('/api/agency/v1/pipeline/items')[0]!.url.searchParams.get('stage')).toBe('pending');
  });
});
