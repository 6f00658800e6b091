import { GROUP_LABELS } from '@portal/domain/codes/application-labels';
import type { Language } from '@portal/domain/codes/languages';
import type { SupportingDocumentId } from '@portal/domain/codes/supporting-documents';
import {
  PIPELINE_CSV_COLUMNS,
  PIPELINE_ITEM_LIMIT,
  pipelineCsvFileName,
  type PipelineAdvisor,
  type PipelineFigure,
  type PipelineItem,
  type PipelineItemsResponse,
  type PipelineQuery,
  type PipelineResponse,
} from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import {
  groupOfStage,
  PIPELINE_GROUPS,
  PIPELINE_STAGES,
  type PipelineGroup,
  type PipelineStage,
} from '@portal/domain/contracts/agency-pipeline/pipeline-stages';
import { csvDocument } from '@portal/domain/format/csv';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { requiredDocumentGroups } from '@portal/domain/rules/required-documents';
import type { LocaleFile } from '@portal/i18n/locale-file';
import agencyText from '@portal/i18n/agency.json';
import applicationsText from '@portal/i18n/applications.json';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import type { AuditService } from '../audit/audit.service';
import type { Clock } from '../auth/clock';
import { toFacts } from '../applications/applications.service';
import { periodCodeOf } from '../compliance/compliance.service';
import type { AgencyPipelineRepository, FigureRow, PendingFacts, PersonRow, PipelineScope } from './agency-pipeline.repository';
import type { ApplicationDocumentRow } from '../../db/schema/application-document.table';

function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The required supporting document groups of a pending application without a file, by the
 * rules the wizard and the submission use (rules/required-documents.ts).
 */
export function missingDocuments(facts: PendingFacts, now: () => Date): SupportingDocumentId[] {
  const documents = facts.documents.map(
    (d) =>
      ({
        documentCategoryCode: d.group,
        documentCode: '',
        idNumber: null,
        expiredDate: null,
        size: d.hasFile ? 1 : 0,
      }) as ApplicationDocumentRow,
  );
  const ruleFacts = toFacts({ steps: facts.steps, product: facts.product }, documents);
  return requiredDocumentGroups(ruleFacts, { now }).filter((group) => !ruleFacts.documents.some((d) => d.groupId === group && d.hasFile));
}

/** A label of the language files, English when the Khmer is missing. */
function label(file: LocaleFile, key: string, lang: Language): string {
  const entry = file[key];
  return entry ? entry[lang] || entry.en : key;
}

interface Tally {
  count: number;
  oldestDays: number | null;
  missingDocuments?: number;
}

/**
 * The agency admin's pipeline: for each advisor of the admin's own agency, what waits in each
 * stage and for how long, and the items behind each figure (audited: they name customers and
 * candidates). One query per figure group. An admin with no agency sees nothing (403).
 */
export class AgencyPipelineService {
  constructor(
    private readonly repository: AgencyPipelineRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  private scope(caller: Caller, query: PipelineQuery): PipelineScope {
    if (!caller.user.agencyId) throw AppError.http(403);
    const today = todayInPhnomPenh(this.clock.now());
    return {
      agencyId: caller.user.agencyId,
      today,
      periodCode: periodCodeOf(today),
      ...(query.advisorId ? { advisorId: query.advisorId } : {}),
      ...(query.minDays ? { minDays: query.minDays } : {}),
      ...(query.stage ? { stage: query.stage } : {}),
    };
  }

  async figures(caller: Caller, query: PipelineQuery): Promise<PipelineResponse> {
    const scope = this.scope(caller, query);
    const groups: readonly PipelineGroup[] = query.stage ? [groupOfStage(query.stage)] : PIPELINE_GROUPS;
    const stages = query.stage ? [query.stage] : [...PIPELINE_STAGES];
    const now = () => this.clock.now();
    // Each group ONE query; the people (names, training overdue) are the training group's. One
    // after another on one connection at a time: the funnel's is most of the time, and four
    // connections per request would empty the pool under load (503) for little gain.
    const funnel = groups.includes('funnel') ? await this.repository.figures('funnel', scope) : [];
    const applications = groups.includes('applications') ? await this.repository.applicationFigures(scope) : { submitted: [], pending: [] };
    const candidates = groups.includes('candidates') ? await this.repository.figures('candidates', scope) : [];
    const people = await this.repository.people(scope);
    const tallies = new Map<string, Map<PipelineStage, Tally>>();
    const tallyOf = (advisorId: string, stage: PipelineStage): Tally => {
      const perStage = tallies.get(advisorId) ?? new Map<PipelineStage, Tally>();
      tallies.set(advisorId, perStage);
      const tally = perStage.get(stage) ?? { count: 0, oldestDays: null };
      perStage.set(stage, tally);
      return tally;
    };
    const add = (row: FigureRow) => {
      const tally = tallyOf(row.advisor_id, row.stage as PipelineStage);
      tally.count += Number(row.n);
      tally.oldestDays = Math.max(tally.oldestDays ?? 0, Number(row.oldest));
    };
    [...funnel, ...applications.submitted, ...candidates].forEach(add);
    for (const row of applications.pending) {
      add({ stage: 'pending', advisor_id: row.advisor_id, n: 1, oldest: Number(row.days) });
      const facts = { steps: jsonValue(row.steps), product: jsonValue(row.product), documents: jsonValue(row.documents) } as PendingFacts;
      const tally = tallyOf(row.advisor_id, 'pending');
      tally.missingDocuments = (tally.missingDocuments ?? 0) + (missingDocuments(facts, now).length > 0 ? 1 : 0);
    }
    if (groups.includes('training')) {
      for (const person of people) {
        if (person.overdue_days === null) continue;
        add({ stage: 'training_overdue', advisor_id: person.id, n: 1, oldest: Number(person.overdue_days) });
      }
    }
    const figure = (stage: PipelineStage, tally: Tally | undefined): PipelineFigure => ({
      stage,
      count: tally?.count ?? 0,
      oldestDays: tally?.oldestDays ?? null,
      ...(stage === 'pending' ? { missingDocuments: tally?.missingDocuments ?? 0 } : {}),
    });
    const shown = people.filter((p) => p.advisor || tallies.has(p.id));
    const advisors: PipelineAdvisor[] = shown.map((p: PersonRow) => ({
      userId: p.id,
      displayName: p.display_name,
      displayNameKh: p.display_name_kh,
      agentCode: p.agent_code,
      figures: stages.map((stage) => figure(stage, tallies.get(p.id)?.get(stage))),
    }));
    const oldest = (a: PipelineAdvisor) => Math.max(-1, ...a.figures.map((f) => f.oldestDays ?? -1));
    advisors.sort((a, b) => oldest(b) - oldest(a) || a.displayName.localeCompare(b.displayName, 'en') || a.userId.localeCompare(b.userId));
    const totals = stages.map((stage) => {
      const all = advisors.map((a) => a.figures.find((f) => f.stage === stage)!);
      const withItems = all.filter((f) => f.count > 0);
      return {
        stage,
        count: all.reduce((n, f) => n + f.count, 0),
        oldestDays: withItems.length > 0 ? Math.max(...withItems.map((f) => f.oldestDays ?? 0)) : null,
        ...(stage === 'pending' ? { missingDocuments: all.reduce((n, f) => n + (f.missingDocuments ?? 0), 0) } : {}),
      };
    });
    return { asOf: scope.today, stages, advisors, totals };
  }

  /** The items behind the filters, oldest first (at most PIPELINE_ITEM_LIMIT); the read is audited. */
  async items(caller: Caller, query: PipelineQuery): Promise<PipelineItemsResponse> {
    const scope = this.scope(caller, query);
    const groups: readonly PipelineGroup[] = query.stage ? [groupOfStage(query.stage)] : PIPELINE_GROUPS;
    const now = () => this.clock.now();
    const lists = await Promise.all(
      groups.map(async (group): Promise<{ total: number; items: PipelineItem[] }> => {
        if (group === 'training') {
          const people = (await this.repository.people(scope)).filter((p) => p.overdue_days !== null);
          return {
            total: people.length,
            items: people.map((p) => ({
              stage: 'training_overdue',
              id: p.id,
              advisorId: p.id,
              advisorName: p.display_name,
              advisorNameKh: p.display_name_kh,
              agentCode: p.agent_code,
              name: p.display_name,
              nameKh: p.display_name_kh,
              reference: null,
              since: p.overdue_since ?? '',
              daysWaiting: Number(p.overdue_days),
              missingDocuments: [],
            })),
          };
        }
        const rows = await this.repository.items(group, scope, PIPELINE_ITEM_LIMIT);
        return {
          total: Number(rows[0]?.total ?? 0),
          items: rows.map((r) => ({
            stage: r.stage as PipelineStage,
            id: r.id,
            advisorId: r.advisor_id,
            advisorName: r.advisor_name,
            advisorNameKh: r.advisor_name_kh,
            agentCode: r.agent_code,
            name: r.name,
            nameKh: r.name_kh,
            reference: r.reference,
            since: r.since,
            daysWaiting: Number(r.days),
            missingDocuments:
              r.stage === 'pending'
                ? missingDocuments(
                    { steps: jsonValue(r.steps), product: jsonValue(r.product), documents: jsonValue(r.documents) } as PendingFacts,
                    now,
                  )
                : [],
          })),
        };
      }),
    );
    const items = lists
      .flatMap((l) => l.items)
      .sort((a, b) => b.daysWaiting - a.daysWaiting || a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id))
      .slice(0, PIPELINE_ITEM_LIMIT);
    const total = lists.reduce((n, l) => n + l.total, 0);
    await this.audit.record({
      actorUserId: caller.user.id,
      action: 'read',
      entity: 'agency_pipeline',
      entityId: scope.agencyId,
      ip: caller.ip,
      details: { stage: query.stage ?? null, advisorId: query.advisorId ?? null, minDays: query.minDays ?? null, count: items.length },
    });
    return { asOf: scope.today, total, items };
  }

  /** The same items as a CSV file, stage and document names in `lang`. */
  async itemsCsv(caller: Caller, query: PipelineQuery, lang: Language): Promise<{ fileName: string; csv: string }> {
    const result = await this.items(caller, query);
    const agency = agencyText as LocaleFile;
    const applications = applicationsText as LocaleFile;
    const csv = csvDocument(
      PIPELINE_CSV_COLUMNS,
      result.items.map((i) => [
        lang === 'km' && i.advisorNameKh ? i.advisorNameKh : i.advisorName,
        i.agentCode,
        label(agency, `pipeline_stage_${i.stage}`, lang),
        lang === 'km' && i.nameKh ? i.nameKh : i.name,
        i.reference,
        i.since,
        i.daysWaiting,
        i.missingDocuments
          .map((g) => label(applications, (GROUP_LABELS[g as SupportingDocumentId] ?? g).replace('applications:', ''), lang))
          .join('; '),
      ]),
    );
    return { fileName: pipelineCsvFileName(result.asOf), csv };
  }
}
