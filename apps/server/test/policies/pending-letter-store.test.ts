import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pdfText } from '../applications/application-test-kit';
import { callerFor, feedRecord, importRecords, type PolicyCallerClient } from './policy-test-kit';

/** The client-pending letter: rendered once per policy version, language and day (renders counted by the app's metric). */
const POLICY = 'Q100000077';
let t: TestApp;
let aap: PolicyCallerClient;

const requirement = (descriptionEn: string) => ({
  code: 'MED01',
  descriptionEn,
  descriptionKm: 'របាយការណ៍ពិនិត្យសុខភាព',
  requestedDate: '2026-11-01',
  dueDate: '2026-12-01',
});

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, config: { metricsToken: 'metrics-token-for-tests-0123456789' } });
  aap = await callerFor(t, 'demo.aap');
  expect((await importRecords(t, [feedRecord(POLICY, { pending: [requirement('Medical examination report')] })])).rejected).toBe(0);
}, 60_000);
afterAll(() => t.close());

async function renders(): Promise<number> {
  const metric = await t.app.metrics.pdfRenderDuration.get();
  return metric.values.filter((v) => v.metricName === 'portal_pdf_render_duration_seconds_count').reduce((n, v) => n + v.value, 0);
}

describe('the client-pending letter', () => {
  it('is rendered once, served again byte for byte, and rendered anew when the feed changes the policy', async () => {
    const letter = () => aap.get(`/api/policy/v1/download/${POLICY}/client-pending?lang=en`);
    const before = await renders();
    const first = await letter();
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    const second = await letter();
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await renders()).toBe(before + 1);

    expect((await importRecords(t, [feedRecord(POLICY, { pending: [requirement('Chest X-ray report')] })])).rejected).toBe(0);
    const changed = await letter();
    expect(await renders()).toBe(before + 2);
    expect(pdfText(changed.rawPayload)).toContain('Chest X-ray report');
    expect(pdfText(changed.rawPayload)).not.toContain('Medical examination report');
  }, 90_000);
});
