import { afterAll, describe, expect, it } from 'vitest';
import { PDF_BUSY_KEY } from '../../src/providers/pdf/fair-pdf-renderer';
import { contactBody } from '../helpers/security-fixtures';
import { recordFigure } from './figures';
import {
  Client,
  MAX_ANSWER_MS,
  PgCluster,
  postgresAvailable,
  provisionAdvisors,
  quoteBody,
  ServerProcess,
  TRIAL_PASSWORD,
  type HttpAnswer,
} from './harness';

/**
 * PDF fairness: advisor A asks for 200 proposal PDFs at once, of 40 proposals never rendered (the
 * built server on PostgreSQL 15, with Chromium); while that flood is in the air, advisor B asks for
 * a PDF never rendered either and gets it within MAX_ANSWER_MS (5 s). A's surplus is refused at once with 503 `pdf_busy` and Retry-After, and
 * once the flood is over the server renders A's PDFs again. Both advisors are the trial's own.
 */
const FLOOD = 200;

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A signed-in advisor with a contact of their own. */
async function advisor(server: ServerProcess, username: string): Promise<{ client: Client; contactId: string }> {
  const client = await new Client(server.base).signIn(username, TRIAL_PASSWORD);
  const contact = await client.post('/api/contact/v1/create', contactBody(username));
  expect(contact.status, contact.text).toBe(201);
  return { client, contactId: contact.json<{ id: string }>().id };
}

/** A new proposal of the advisor's; returns its PDF's path (never rendered yet, so never stored). */
async function newProposalPdf({ client, contactId }: { client: Client; contactId: string }): Promise<string> {
  const proposal = await client.post('/api/proposal/v1/create', quoteBody(contactId));
  expect(proposal.status, proposal.text).toBe(201);
  return `/api/proposal/v1/find/report/${proposal.json<{ id: string }>().id}?lang=en`;
}

/**
 * A PDF is rendered once and then served from storage, so the flood asks for the PDFs of many
 * proposals (each requested several times at once): every one of them needs a render.
 */
const FLOOD_PROPOSALS = 40;

describe('PDF fairness', () => {
  it(
    `one advisor's ${FLOOD} PDFs at once: the surplus gets 503 with Retry-After, another advisor's PDF answers within ${MAX_ANSWER_MS} ms`,
    async () => {
      expect(postgresAvailable(), 'PostgreSQL 15 binaries').toBe(true);
      const pg = await new PgCluster().init();
      cleanups.push(() => pg.dispose());
      const server = await new ServerProcess(
        { kind: 'postgres', url: pg.url },
        { CHROMIUM_PATH: '/usr/bin/chromium', PORTAL_DEMO: '0' },
      ).start();
      cleanups.push(() => server.stop());
      await provisionAdvisors(pg.url, ['pdf.flooder', 'pdf.neighbour']);
      const a = await advisor(server, 'pdf.flooder');
      const b = await advisor(server, 'pdf.neighbour');
      const floodPaths: string[] = [];
      for (let i = 0; i < FLOOD_PROPOSALS; i += 1) floodPaths.push(await newProposalPdf(a));
      const [aWarm, aAfter, bIdle, bUnderFlood] = [
        await newProposalPdf(a),
        await newProposalPdf(a),
        await newProposalPdf(b),
        await newProposalPdf(b),
      ];
      // Chromium starts on the first render: warm it, so B's time is the queue's, not the launch's.
      const warm = await a.client.get(aWarm);
      expect(warm.status, warm.text.slice(0, 200)).toBe(200);
      // B's first render with the server otherwise idle, to compare with B's first render under the flood.
      const bAloneStarted = Date.now();
      const bAlone = await b.client.get(bIdle);
      const bAloneMs = Date.now() - bAloneStarted;
      expect(bAlone.status).toBe(200);

      const answers: HttpAnswer[] = [];
      const floodStarted = Date.now();
      const flood = Array.from({ length: FLOOD }, (_, i) =>
        a.client.get(floodPaths[i % FLOOD_PROPOSALS] as string).then((res) => void answers.push(res)),
      );
      // The flood is in the air once the server has refused some of it.
      while (answers.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const answeredWhenBAsked = answers.length;
      const bStarted = Date.now();
      const bAnswer = await b.client.get(bUnderFlood);
      const bMs = Date.now() - bStarted;
      const answeredWhenBAnswered = answers.length;
      await Promise.all(flood);
      const floodMs = Date.now() - floodStarted;

      const statuses: Record<string, number> = {};
      for (const res of answers) statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const refused = answers.filter((res) => res.status === 503);
      const retryAfter = [...new Set(refused.map((res) => res.headers.get('retry-after')))];
      const after = await a.client.get(aAfter);
      const figures = {
        flood: FLOOD,
        statuses,
        retryAfter,
        answeredWhenBAsked,
        answeredWhenBAnswered,
        bStatus: bAnswer.status,
        bAloneMs,
        bMs,
        floodMs,
        afterStatus: after.status,
      };
      recordFigure('pdf-fairness', figures);
      console.warn(`[pdf fairness] ${JSON.stringify(figures)}`);

      expect(answeredWhenBAsked).toBeLessThan(FLOOD);
      expect(bAnswer.status, bAnswer.text.slice(0, 200)).toBe(200);
      expect(bAnswer.headers.get('content-type')).toBe('application/pdf');
      expect(bMs).toBeLessThan(MAX_ANSWER_MS);
      expect(Object.keys(statuses).sort()).toEqual(['200', '503']);
      for (const res of refused) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ code: PDF_BUSY_KEY, messageKey: PDF_BUSY_KEY });
      }
      expect(after.status).toBe(200);
      expect(after.headers.get('content-type')).toBe('application/pdf');
    },
    5 * 60_000,
  );
});
