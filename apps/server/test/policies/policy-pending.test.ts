import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PENDING_DOCUMENT_UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import type { FindPendingCodeResponse } from '@portal/domain/contracts/policies/find-pending-code';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { uploadClientPendingDocResponseSchema } from '@portal/domain/contracts/policies/upload-client-pending-doc';
import { blob } from '../../src/db/schema/blob.table';
import { feedRecord, importRecords, multipart, policyTestApp, tableCounts, type PolicyTestContext } from './policy-test-kit';
import { pngFile } from '../helpers/security-fixtures';

let ctx: PolicyTestContext;
const POLICY = 'Q100000001';
const UPLOAD = `/api/policy/v1/upload/${POLICY}/client-pending-doc`;

const pdfBytes = (size = 600): Buffer => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};
const pngBytes = (): Buffer => pngFile(8, 8);
const exeBytes = (): Buffer => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(400, 0)]);

function upload(parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return ctx.aap.upload(UPLOAD, body.payload, body.contentType);
}
const file = (fileName: string, data: Buffer, contentType = 'application/pdf') => ({ name: 'file', fileName, contentType, data });
const code = (value: string) => ({ name: 'pendingCode', value });

beforeAll(async () => {
  ctx = await policyTestApp();
  const report = await importRecords(ctx.t, [
    feedRecord(POLICY, {
      pending: [
        {
          code: 'MED01',
          descriptionEn: 'Medical examination report',
          descriptionKm: 'របាយការណ៍ពិនិត្យសុខភាព',
          requestedDate: '2026-11-01',
          dueDate: '2026-12-01',
        },
        { code: 'BNK01', descriptionEn: 'Bank account confirmation', descriptionKm: 'លិខិតបញ្ជាក់គណនីធនាគារ', requestedDate: '2026-11-03' },
        {
          code: 'IDC01',
          descriptionEn: 'Copy of national ID',
          descriptionKm: 'ច្បាប់ចម្លងអត្តសញ្ញាណប័ណ្ណ',
          requestedDate: '2026-11-02',
          status: 'received',
        },
      ],
    }),
  ]);
  expect(report.rejected).toBe(0);
});
afterAll(() => ctx.t.close());

describe('pending requirements', () => {
  it('lists the pending codes, outstanding first', async () => {
    const res = await ctx.aap.get(`/api/policy/v1/${POLICY.toLowerCase()}/find-pending-code`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as FindPendingCodeResponse;
    expect(body.items.map((i) => [i.code, i.status, i.documents.length])).toEqual([
      ['MED01', 'outstanding', 0],
      ['BNK01', 'outstanding', 0],
      ['IDC01', 'received', 0],
    ]);
    expect(body.items[0]).toMatchObject({ descriptionKm: 'របាយការណ៍ពិនិត្យសុខភាព', requestedDate: '2026-11-01', dueDate: '2026-12-01' });
  });

  it('refuses a renamed executable (415), a file of 10 MB + 1 byte (413) and bad fields (422), storing nothing', async () => {
    const before = await tableCounts(ctx.t);
    const cases: [string, Parameters<typeof multipart>[0], number, unknown?][] = [
      ['renamed executable', [code('MED01'), file('scan.pdf', exeBytes())], 415],
      ['png content named .pdf', [code('MED01'), file('scan.pdf', pngBytes())], 415],
      ['pdf content named .txt', [code('MED01'), file('scan.txt', pdfBytes(), 'text/plain')], 415],
      ['10 MB + 1 byte', [code('MED01'), file('big.pdf', pdfBytes(PENDING_DOCUMENT_UPLOAD_MAX_BYTES + 1))], 413],
      ['name of 101 characters', [code('MED01'), file(`${'a'.repeat(97)}.pdf`, pdfBytes())], 422, [{ field: 'file', key: 'maxlength' }]],
      ['empty file', [code('MED01'), file('empty.pdf', Buffer.alloc(0))], 422, [{ field: 'file', key: 'required' }]],
      ['no code', [file('scan.pdf', pdfBytes())], 422, [{ field: 'pendingCode', key: 'required' }]],
      ['no file', [code('MED01')], 422, [{ field: 'file', key: 'required' }]],
      ['unknown code', [code('NOPE1'), file('scan.pdf', pdfBytes())], 422, [{ field: 'pendingCode', key: 'invalid' }]],
      ['received requirement', [code('IDC01'), file('scan.pdf', pdfBytes())], 422, [{ field: 'pendingCode', key: 'invalid' }]],
      ['two files', [code('MED01'), file('a.pdf', pdfBytes()), file('b.pdf', pdfBytes())], 413],
    ];
    for (const [name, parts, status, errors] of cases) {
      const res = await upload(parts);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      if (errors) expect(res.json(), name).toMatchObject({ errors });
    }
    const json = await ctx.aap.post(UPLOAD, { pendingCode: 'MED01' });
    expect(json.statusCode).toBe(415);
    expect(await tableCounts(ctx.t)).toEqual(before);
    const list = (await ctx.aap.get(`/api/policy/v1/${POLICY}/find-pending-code`)).json() as FindPendingCodeResponse;
    expect(list.items[0]?.status).toBe('outstanding');
  });

  it('accepts a PDF and a PNG (a 10 MB file included), stores them under server-chosen ids, and the requirement is submitted', async () => {
    const pdf = pdfBytes(PENDING_DOCUMENT_UPLOAD_MAX_BYTES);
    const res = await upload([file('C:\\fakepath\\medical report.PDF', pdf), code('med01')]);
    expect(res.statusCode, res.body).toBe(201);
    const body = uploadClientPendingDocResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      policyNumber: POLICY,
      pendingCode: 'MED01',
      status: 'submitted',
      document: { fileName: 'medical report.PDF', mediaType: 'application/pdf', size: pdf.length },
    });
    expect(body.document.id).toMatch(/^[0-9a-f-]{36}$/);

    const pngData = pngBytes();
    const png = await upload([code('BNK01'), file('bank.png', pngData, 'image/png')]);
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({
      pendingCode: 'BNK01',
      status: 'submitted',
      document: { mediaType: 'image/png', size: pngData.length },
    });

    const stored = await ctx.t.db
      .select({ sha256: blob.sha256, size: blob.size, mediaType: blob.mediaType })
      .from(blob)
      .where(eq(blob.size, pdf.length));
    expect(stored).toEqual([{ sha256: createHash('sha256').update(pdf).digest('hex'), size: pdf.length, mediaType: 'application/pdf' }]);

    const list = (await ctx.aap.get(`/api/policy/v1/${POLICY}/find-pending-code`)).json() as FindPendingCodeResponse;
    expect(list.items.map((i) => [i.code, i.status, i.documents.map((d) => d.fileName)])).toEqual([
      ['MED01', 'submitted', ['medical report.PDF']],
      ['BNK01', 'submitted', ['bank.png']],
      ['IDC01', 'received', []],
    ]);
    const counts = await tableCounts(ctx.t);
    expect([counts.blob, counts.policy_pending_document]).toEqual([2, 2]);
  });
});

describe('client-pending letter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * The PDF's text layer in content order. pdftotext puts a space where a Khmer cluster's advance
   * leaves a gap (`សន្យារ៉ា ប់រង`); Khmer writes no spaces between words, so Khmer is compared with
   * all white space removed: the code points themselves must come in logical order.
   */
  const text = (pdf: Buffer, name: string): string => {
    const path = join(dir, name);
    writeFileSync(path, pdf);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-']).toString('utf8').replace(/\s+/g, ' ');
  };
  const compact = (value: string) => value.replace(/\s+/g, '');

  it('renders the letter in Khmer with Chromium: a real PDF whose text layer has the Khmer words in logical order', async () => {
    const res = await ctx.aap.get(`/api/policy/v1/download/${POLICY}/client-pending?lang=km`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="client-pending-Q100000001-\d{8}\.pdf"; filename\*=UTF-8''client-pending-Q100000001-\d{8}\.pdf$/,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const words = compact(text(pdf, 'km.pdf'));
    for (const expected of ['សំណើសុំឯកសារដែលនៅខ្វះ', 'លេខបណ្ណសន្យារ៉ាប់រងQ100000001', 'ជម្រាបសួរចាន់សុខា', 'របាយការណ៍ពិនិត្យសុខភាព', 'ផ្នែកសេវាអតិថិជន']) {
      expect(words, expected).toContain(expected);
    }
    // Requirements by what they are, never by the insurer's code; received ones are not asked for again.
    expect(words).not.toContain('MED01');
    expect(words).not.toContain(compact('ច្បាប់ចម្លងអត្តសញ្ញាណប័ណ្ណ'));
  });

  it('renders it in English by default, and answers the next render from the warm pool quickly', async () => {
    const res = await ctx.aap.get(`/api/policy/v1/download/${POLICY}/client-pending`);
    expect(res.statusCode).toBe(200);
    const words = text(res.rawPayload, 'en.pdf');
    for (const expected of [
      'Request for outstanding documents',
      'Policy number Q100000001',
      'Dear Sokha Chan,',
      'Medical examination',
      'Customer Service',
    ])
      expect(words).toContain(expected);
    const started = performance.now();
    expect((await ctx.aap.get(`/api/policy/v1/download/${POLICY}/client-pending?lang=km`)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await ctx.aap.get(`/api/policy/v1/download/${POLICY}/client-pending?lang=fr`)).statusCode).toBe(422);
  });
});

describe('delivery status', () => {
  it('agency staff record it with the version read; a stale version is 409; the future is refused', async () => {
    const before = (await ctx.aa.get(`/api/policy/v1/search/details/${POLICY}`)).json() as PolicyDetailsResponse;
    const ok = await ctx.aa.post('/api/policy/v1/update/delivery-status', {
      policyNumber: POLICY,
      deliveryStatus: 'acknowledged',
      deliveryStatusDate: '15/11/2026',
      version: before.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      policyNumber: POLICY,
      deliveryStatus: 'acknowledged',
      deliveryStatusDate: '2026-11-15',
      version: before.version + 1,
    });
    const stale = await ctx.as.post('/api/policy/v1/update/delivery-status', {
      policyNumber: POLICY,
      deliveryStatus: 'returned',
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    const future = await ctx.as.post('/api/policy/v1/update/delivery-status', {
      policyNumber: POLICY,
      deliveryStatus: 'returned',
      deliveryStatusDate: '2999-01-01',
      version: before.version + 1,
    });
    expect(future.json()).toMatchObject({ errors: [{ field: 'deliveryStatusDate', key: 'date_not_bigger_then_current_date' }] });
    const bad = await ctx.as.post('/api/policy/v1/update/delivery-status', {
      policyNumber: POLICY,
      deliveryStatus: 'lost',
      version: before.version + 1,
    });
    expect(bad.json()).toMatchObject({ errors: [{ field: 'deliveryStatus', key: 'invalid' }] });
    const after = (await ctx.aap.get(`/api/policy/v1/search/details/${POLICY}`)).json() as PolicyDetailsResponse;
    expect(after).toMatchObject({ deliveryStatus: 'acknowledged', deliveryStatusDate: '2026-11-15', version: before.version + 1 });
    const history = await ctx.t.app.audit.history('policy', POLICY);
    expect(history.find((h) => h.action === 'update')?.details).toEqual({ fields: ['deliveryStatus', 'deliveryStatusDate'] });
  });
});
