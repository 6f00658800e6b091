import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { MODULES } from '../../src/modules/module-list';
import { PDF_BUSY_KEY, PDF_BUSY_RETRY_AFTER_SECONDS } from '../../src/providers/pdf/fair-pdf-renderer';
import type { PdfRenderer } from '../../src/providers/pdf/pdf-renderer';
import { createContact, signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createProposal, termQuote } from './proposal-client';
import fp from 'fastify-plugin';

/** The pool replaced by renders that run until the test lets them finish, in the order they started. */
class HeldRenderer implements PdfRenderer {
  readonly started: string[] = [];
  private readonly held: (() => void)[] = [];

  render(html: string): Promise<Buffer> {
    this.started.push(html);
    return new Promise((resolve) => this.held.push(() => resolve(Buffer.from('%PDF-1.7 held'))));
  }

  get running(): number {
    return this.held.length;
  }

  finishOldest(): void {
    this.held.shift()?.();
  }

  async close(): Promise<void> {}
}

async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('proposal PDFs share the renderer fairly between users', () => {
  const pool = new HeldRenderer();
  let t: TestApp;
  let aap: Advisor;
  let aap2: Advisor;
  /** demo.aap's proposals: a PDF is rendered once per proposal, so each request of the flood asks for another. */
  let mine: ProposalResponse[];
  let theirs: ProposalResponse;

  /** Every GET route with its response statuses and whether it takes its turn first (config.rendersPdf). */
  const gets: { url: string; statuses: string[]; rendersPdf: boolean; servesStoredPdf: boolean }[] = [];
  const recorder = fp(async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.method !== 'GET') return;
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      gets.push({
        url: route.url,
        statuses: Object.keys(response),
        rendersPdf: route.config?.rendersPdf === true,
        servesStoredPdf: route.config?.servesStoredPdf === true,
      });
    });
  });

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, pdf: pool, modules: [recorder, ...MODULES] });
    aap = await signInAdvisor(t, 'demo.aap');
    aap2 = await signInAdvisor(t, 'demo.aap2');
    const propose = async (advisor: Advisor) =>
      createProposal(advisor, { lifeInsuredContactId: (await createContact(advisor)).id, ...termQuote() });
    mine = [];
    for (let i = 0; i < 7; i += 1) mine.push(await propose(aap));
    theirs = await propose(aap2);
  }, 60_000);
  afterAll(() => t.close());

  it("refuses one user's surplus at once with 503 pdf_busy and Retry-After, and serves another user's PDF next", async () => {
    const report = (advisor: Advisor, p: ProposalResponse) => advisor.get(`/api/proposal/v1/find/report/${p.id}?lang=en`);
    const answered: LightMyRequestResponse[] = [];
    const flood = mine.slice(0, 6).map((p) => report(aap, p).then((res) => void answered.push(res)));
    // Two take their turn and render, two wait, two are refused while nothing has finished.
    await until('two are refused', () => answered.length === 2);
    await until('two render', () => pool.running === 2);
    for (const refused of answered) {
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(PDF_BUSY_RETRY_AFTER_SECONDS));
      expect(refused.json()).toEqual({ code: PDF_BUSY_KEY, messageKey: PDF_BUSY_KEY, retryAfter: PDF_BUSY_RETRY_AFTER_SECONDS });
    }
    const other = report(aap2, theirs);
    const queued = () => (t.app.services.pdf as PdfRenderer & { queued?: number }).queued;
    await until("the other user's render waits", () => queued() === 3);
    // The page that frees goes to the other user, not to the first user's waiting renders.
    pool.finishOldest();
    await until('a third render starts', () => pool.started.length === 3);
    expect(pool.started[2]).toContain(theirs.proposalNumber);
    while (answered.length < 6 || pool.running > 0) {
      pool.finishOldest();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(flood);
    expect((await other).statusCode).toBe(200);
    expect(answered.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 503, 503]);
    expect(pool.started.filter((html) => mine.some((p) => html.includes(p.proposalNumber)))).toHaveLength(4);
    // Every user can take up the renderer again.
    const later = report(aap, mine[6]!);
    await until('the later render starts', () => pool.running === 1);
    pool.finishOldest();
    expect((await later).statusCode).toBe(200);
  });

  it("a PDF rendered before is served at once while the user's renders fill the renderer", async () => {
    const report = (p: ProposalResponse, lang: string) => aap.get(`/api/proposal/v1/find/report/${p.id}?lang=${lang}`);
    const queued = () => (t.app.services.pdf as PdfRenderer & { queued?: number }).queued;
    // Four new PDFs (Khmer): two render, two wait.
    const busy = mine.slice(0, 4).map((p) => report(p, 'km'));
    await until('two render and two wait', () => pool.running === 2 && queued() === 2);
    // The English PDF of the last proposal was rendered by the previous test.
    const stored = await report(mine[6]!, 'en');
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.toString()).toBe('%PDF-1.7 held');
    expect([pool.running, queued()]).toEqual([2, 2]);
    while (pool.running > 0 || (queued() ?? 0) > 0) {
      pool.finishOldest();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await Promise.all(busy)).map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('every GET route that may answer 503 (those answering a PDF) takes its turn before its other work, or serves a stored PDF', () => {
    const pdfRoutes = gets.filter((route) => route.statuses.includes('503') && !route.url.startsWith('/api/health'));
    expect(pdfRoutes.map((route) => route.url)).toContain('/api/proposal/v1/find/report/:id');
    expect(pdfRoutes.filter((route) => route.rendersPdf === route.servesStoredPdf).map((route) => route.url)).toEqual([]);
    expect(pdfRoutes.filter((route) => route.servesStoredPdf).map((route) => route.url)).toEqual([
      '/api/policy/v1/download/:policyNumber/client-pending',
      '/api/proposal/v1/find/report/:id',
      // The same illustration for the customer's page (a view token, no account).
      '/api/customer/v1/proposal/report',
      '/api/report/v1/generate/:reportName/:referenceId',
    ]);
    expect(
      gets.filter((route) => (route.rendersPdf || route.servesStoredPdf) && !pdfRoutes.includes(route)).map((route) => route.url),
    ).toEqual([]);
  });

  it('has the refusal in English and Khmer', () => {
    const errors = JSON.parse(readFileSync(join(t.config.localesDir, 'errors.json'), 'utf8')) as Record<
      string,
      { en?: string; km?: string }
    >;
    expect(errors[PDF_BUSY_KEY]?.en).toMatch(/try again/);
    expect(errors[PDF_BUSY_KEY]?.km).toMatch(/[\u1780-\u17FF]/);
  });
});
