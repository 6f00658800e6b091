import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { signInAdvisor } from '../contacts/contact-client';
import type { TestApp } from '../helpers/test-app';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposal-client';

/**
 * A proposal PDF is rendered once per record, version, language and page, then served from
 * storage. Renders are counted by the app's own metric (every call of the real Chromium
 * renderer, through the metered wrapper of the composition root).
 */
const NOW = new Date('2026-11-26T03:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const work = mkdtempSync(join(tmpdir(), 'proposal-pdf-store-'));

async function renders(t: TestApp): Promise<number> {
  const metric = await t.app.metrics.pdfRenderDuration.get();
  return metric.values.filter((v) => v.metricName === 'portal_pdf_render_duration_seconds_count').reduce((n, v) => n + v.value, 0);
}

function pdfText(pdf: Buffer): string {
  const file = join(work, 'p.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('proposal PDFs are rendered once and served from storage', () => {
  let w: ProposalsWorld;
  const report = (id: string, lang: string) => w.aap.get(`/api/proposal/v1/find/report/${id}?lang=${lang}`);
  const newProposal = (overrides: Record<string, unknown> = {}) =>
    createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote(overrides) });

  beforeAll(async () => {
    w = await proposalsWorld(NOW, { metricsToken: 'metrics-token-for-tests-0123456789' });
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('the same proposal, version and language twice: one render, the same bytes; the other language is rendered once more', async () => {
    const p = await newProposal();
    const before = await renders(w.t);
    const first = await report(p.id, 'en');
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(await renders(w.t)).toBe(before + 1);

    const second = await report(p.id, 'en');
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await renders(w.t)).toBe(before + 1);

    const km = await report(p.id, 'km');
    expect(km.statusCode).toBe(200);
    expect(await renders(w.t)).toBe(before + 2);
    expect(Buffer.compare(km.rawPayload, first.rawPayload)).not.toBe(0);
    expect(Buffer.compare((await report(p.id, 'km')).rawPayload, km.rawPayload)).toBe(0);
    expect(Buffer.compare((await report(p.id, 'en')).rawPayload, first.rawPayload)).toBe(0);
    expect(await renders(w.t)).toBe(before + 2);
  }, 60_000);

  it('after an update (a new version) the PDF is rendered again and shows the new figures', async () => {
    const p = await newProposal();
    const old = await report(p.id, 'en');
    expect(pdfText(old.rawPayload)).toContain('$25,000.00');
    const res = await w.aap.post(`/api/proposal/v1/update/${p.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ faceAmount: '40000', version: p.version }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ProposalResponse).version).toBe(p.version + 1);

    const before = await renders(w.t);
    const updated = await report(p.id, 'en');
    expect(updated.statusCode).toBe(200);
    expect(await renders(w.t)).toBe(before + 1);
    const text = pdfText(updated.rawPayload);
    expect(text).toContain('$40,000.00');
    expect(text).not.toContain('$25,000.00');
    expect(Buffer.compare((await report(p.id, 'en')).rawPayload, updated.rawPayload)).toBe(0);
    expect(await renders(w.t)).toBe(before + 1);
  }, 60_000);

  it('a change the version does not count (the status, once the payment code was asked for) renders again', async () => {
    const p = await newProposal();
    const presented = await report(p.id, 'en');
    expect(pdfText(presented.rawPayload)).toContain('Presented');
    expect((await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).statusCode).toBe(200);

    const before = await renders(w.t);
    const after = await report(p.id, 'en');
    expect(await renders(w.t)).toBe(before + 1);
    const text = pdfText(after.rawPayload);
    expect(text).toContain('Payment requested');
    expect(text).not.toContain('Presented');
  }, 60_000);

  it('the next day, the PDF is rendered again with that day as its date', async () => {
    const p = await newProposal();
    await report(p.id, 'en');
    const clock = w.t.app.services.clock;
    const today = clock.now;
    clock.now = () => new Date(today().getTime() + DAY_MS);
    try {
      // Signed in again: the morning's access token has expired by then.
      const aap = await signInAdvisor(w.t, 'demo.aap');
      const before = await renders(w.t);
      const tomorrow = await aap.get(`/api/proposal/v1/find/report/${p.id}?lang=en`);
      expect(tomorrow.statusCode).toBe(200);
      expect(await renders(w.t)).toBe(before + 1);
      expect(pdfText(tomorrow.rawPayload)).toContain('27/11/2026');
    } finally {
      clock.now = today;
    }
  }, 60_000);

  it('concurrent first requests for one PDF render it once and all get the same bytes', async () => {
    const p = await newProposal({ faceAmount: '30000' });
    const before = await renders(w.t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => report(p.id, 'km')));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, answers[0]!.rawPayload)).toBe(0);
    }
    expect(await renders(w.t)).toBe(before + 1);
  }, 60_000);
});
