import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { callerFor, createApplication, pdfText, saveStep, validSteps, type PolicyCallerClient } from './application-test-kit';

/** The form PDF of an application not yet submitted: rendered once per version, language and page (renders counted by the app's metric). */
let t: TestApp;
let aap: PolicyCallerClient;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, config: { metricsToken: 'metrics-token-for-tests-0123456789' } });
  aap = await callerFor(t, 'demo.aap');
}, 60_000);
afterAll(() => t.close());

async function renders(): Promise<number> {
  const metric = await t.app.metrics.pdfRenderDuration.get();
  return metric.values.filter((v) => v.metricName === 'portal_pdf_render_duration_seconds_count').reduce((n, v) => n + v.value, 0);
}

describe('the application form PDF of a draft', () => {
  it('is rendered once per version and language, and again after a save', async () => {
    const app: ApplicationResponse = await createApplication(t, aap);
    const form = (lang: string) => aap.get(`/api/report/v1/generate/application-form/${app.id}?lang=${lang}`);
    const before = await renders();
    const first = await form('en');
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    const second = await form('en');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await renders()).toBe(before + 1);
    expect((await form('km')).statusCode).toBe(200);
    expect(await renders()).toBe(before + 2);

    const { personalInfo } = validSteps();
    const saved = await saveStep(
      aap,
      app,
      'personalInfo',
      { ...personalInfo, lifeInsured: { ...personalInfo.lifeInsured, occupation: 'Rice farmer' } },
      false,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await form('en');
    expect(await renders()).toBe(before + 3);
    expect(pdfText(after.rawPayload)).toContain('Rice farmer');
    expect(pdfText(first.rawPayload)).not.toContain('Rice farmer');
  }, 90_000);
});
