import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationDocument, FindApplicationDocumentsResponse } from '@portal/domain/contracts/documents/application-document';
import { blob } from '../../src/db/schema/blob.table';
import { applicationDocument } from '../../src/db/schema/application-document.table';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  callerFor,
  createApplication,
  exeBytes,
  pdfBytes,
  pngBytes,
  saveStep,
  upload,
  uploadParts,
  type PolicyCallerClient,
} from './application-test-kit';

let t: TestApp;
let aap: PolicyCallerClient;
let aap2: PolicyCallerClient;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  aap = await callerFor(t, 'demo.aap');
  aap2 = await callerFor(t, 'demo.aap2');
}, 60_000);
afterAll(() => t.close());

const errorsOf = (body: string) => (JSON.parse(body) as { errors?: { field: string; key: string }[] }).errors ?? [];
const counts = async () => ({
  docs: (await t.db.select().from(applicationDocument)).length,
  blobs: (await t.db.select({ id: blob.id }).from(blob)).length,
});

describe('supporting document uploads', () => {
  it("gives the spec's document messages for each field (ID, identification number, expiry, file, birth certificate)", async () => {
    const app = await createApplication(t, aap);
    const file = { name: 'id.pdf', data: pdfBytes() };
    const cases: [string, string, { name: string; data: Buffer } | null, Record<string, string>, { field: string; key: string }[]][] = [
      ['insured-id', 'NATIONAL_ID_FRONT', file, { expiredDate: '31/12/2030' }, [{ field: 'idNumber', key: 'document_id_required' }]],
      [
        'insured-id',
        'NATIONAL_ID_FRONT',
        file,
        { idNumber: '12345678X', expiredDate: '31/12/2030' },
        [{ field: 'idNumber', key: 'document_identification_number_invalid' }],
      ],
      ['insured-id', 'PASSPORT', file, { idNumber: 'N12345678' }, [{ field: 'expiredDate', key: 'document_expired_required' }]],
      [
        'insured-id',
        'NATIONAL_ID_FRONT',
        null,
        { idNumber: '123456789', expiredDate: '31/12/2030' },
        [{ field: 'file', key: 'document_file_required' }],
      ],
      ['insured-id', 'BIRTH_CERTIFICATE', file, { idNumber: '12-34-56' }, [{ field: 'idNumber', key: 'document_birth_cert_invalid' }]],
      ['k-y-c-proof', 'FAMILY_BOOK', null, {}, [{ field: 'file', key: 'document_file_required' }]],
      ['insured-id', 'FAMILY_BOOK', file, {}, [{ field: 'documentCode', key: 'invalid' }]],
      ['no-such-group', 'FAMILY_BOOK', file, {}, [{ field: 'documentCategoryCode', key: 'invalid' }]],
    ];
    const before = await counts();
    for (const [group, code, f, extra, expected] of cases) {
      const res = await upload(aap, uploadParts(app.id, group, code, f, extra));
      expect(res.statusCode, `${group} ${code} ${res.body}`).toBe(422);
      expect(errorsOf(res.body)).toEqual(expected);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a 6 MB file (413), a renamed .exe (415), a .docx (415) and a 101-character name (422), storing nothing', async () => {
    const app = await createApplication(t, aap);
    const before = await counts();
    const big = await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'big.pdf', data: pdfBytes(6 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    const justOver = await upload(
      aap,
      uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'over.pdf', data: pdfBytes(UPLOAD_MAX_BYTES + 1) }),
    );
    expect(justOver.statusCode).toBe(413);
    const exe = await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'setup.pdf', data: exeBytes() }));
    expect(exe.statusCode).toBe(415);
    const pngAsPdf = await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'scan.pdf', data: pngBytes() }));
    expect(pngAsPdf.statusCode).toBe(415);
    const docx = await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'scan.docx', data: pdfBytes() }));
    expect(docx.statusCode).toBe(415);
    const longName = `${'a'.repeat(97)}.pdf`;
    expect(longName).toHaveLength(101);
    const long = await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: longName, data: pdfBytes() }));
    expect(long.statusCode).toBe(422);
    expect(errorsOf(long.body)).toEqual([{ field: 'file', key: 'maxlength' }]);
    const exactly100 = await upload(
      aap,
      uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: `${'a'.repeat(96)}.pdf`, data: pdfBytes() }),
    );
    expect(exactly100.statusCode, exactly100.body).toBe(201);
    expect(await counts()).toEqual({ docs: before.docs + 1, blobs: before.blobs + 1 });
  });

  it('takes at most 10 files per group: the 11th is 422 max on file', async () => {
    const app = await createApplication(t, aap);
    for (let i = 1; i <= 10; i++) {
      const res = await upload(
        aap,
        uploadParts(app.id, 'finance-proof', 'FINANCE_PROOF', { name: `proof-${i}.png`, data: pngBytes(), type: 'image/png' }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const eleventh = await upload(
      aap,
      uploadParts(app.id, 'finance-proof', 'FINANCE_PROOF', { name: 'proof-11.png', data: pngBytes(), type: 'image/png' }),
    );
    expect(eleventh.statusCode).toBe(422);
    expect(errorsOf(eleventh.body)).toEqual([{ field: 'file', key: 'max' }]);
    // Another group still has room.
    expect((await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'book.pdf', data: pdfBytes() }))).statusCode).toBe(
      201,
    );
  });

  it('lists, reads, downloads byte for byte and deletes; another advisor gets 404 everywhere', async () => {
    const app = await createApplication(t, aap);
    const data = pdfBytes(4000);
    const res = await upload(
      aap,
      uploadParts(
        app.id,
        'insured-id',
        'NATIONAL_ID_FRONT',
        { name: 'ជាតិ id.pdf', data },
        { idNumber: '123456789', expiredDate: '2030-12-31' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as ApplicationDocument;
    expect(doc).toMatchObject({
      documentCategoryCode: 'insured-id',
      documentCode: 'NATIONAL_ID_FRONT',
      idNumber: '123456789',
      expiredDate: '2030-12-31',
      fileName: 'ជាតិ id.pdf',
      size: 4000,
    });
    expect(doc.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    const list = (await aap.get(`/api/document/v1/find/appform/${app.id}`)).json() as FindApplicationDocumentsResponse;
    expect(list.items.map((d) => d.applicationDocumentUploadId)).toEqual([doc.applicationDocumentUploadId]);
    expect((await aap.get(`/api/document/v1/find/${doc.applicationDocumentUploadId}`)).statusCode).toBe(200);
    const download = await aap.get(`/api/document/v1/download?id=${doc.applicationDocumentUploadId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(download.rawPayload, data)).toBe(0);

    expect((await aap2.get(`/api/document/v1/find/appform/${app.id}`)).statusCode).toBe(404);
    expect((await aap2.get(`/api/document/v1/find/${doc.applicationDocumentUploadId}`)).statusCode).toBe(404);
    expect((await aap2.get(`/api/document/v1/download?id=${doc.applicationDocumentUploadId}`)).statusCode).toBe(404);
    expect((await aap2.post(`/api/document/v1/delete/${doc.applicationDocumentUploadId}`, {})).statusCode).toBe(404);
    expect((await upload(aap2, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'x.pdf', data: pdfBytes() }))).statusCode).toBe(
      404,
    );

    const before = await counts();
    expect((await aap.post(`/api/document/v1/delete/${doc.applicationDocumentUploadId}`, {})).statusCode).toBe(200);
    expect(await counts()).toEqual({ docs: before.docs - 1, blobs: before.blobs - 1 });
    expect((await aap.get(`/api/document/v1/find/${doc.applicationDocumentUploadId}`)).statusCode).toBe(404);
  });
});

describe("documents and the application's version (optimistic locking)", () => {
  it('an upload and a delete each move the version on and answer it; the wizard goes on with it, an older version is 409', async () => {
    const app = await createApplication(t, aap);
    const added = await upload(aap, uploadParts(app.id, 'k-y-c-proof', 'FAMILY_BOOK', { name: 'book.pdf', data: pdfBytes() }));
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json() as ApplicationDocument & { applicationVersion: number };
    expect(doc.applicationVersion).toBe(app.version + 1);
    expect(((await aap.get(`/api/appform/v1/find/${app.id}`)).json() as ApplicationResponse).version).toBe(doc.applicationVersion);

    // Whoever still holds the version from before the upload (another tab, a submit) is refused.
    expect((await saveStep(aap, app, 'productInfo', { paymentType: 'CS' }, false)).statusCode).toBe(409);
    expect((await aap.post(`/api/appform/v1/submit/${app.id}`, { language: 'en', version: app.version })).statusCode).toBe(409);
    // The wizard, holding the answered version, saves without a false conflict.
    const saved = await saveStep(aap, { id: app.id, version: doc.applicationVersion }, 'productInfo', { paymentType: 'CS' }, false);
    expect(saved.statusCode, saved.body).toBe(200);
    const afterSave = (saved.json() as ApplicationResponse).version;

    const removed = await aap.post(`/api/document/v1/delete/${doc.applicationDocumentUploadId}`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    const { applicationVersion } = removed.json() as { applicationVersion: number };
    expect(applicationVersion).toBe(afterSave + 1);
    expect((await saveStep(aap, { id: app.id, version: afterSave }, 'productInfo', { paymentType: 'CHQ' }, false)).statusCode).toBe(409);
    expect(
      (await saveStep(aap, { id: app.id, version: applicationVersion }, 'productInfo', { paymentType: 'CHQ' }, false)).statusCode,
    ).toBe(200);
    // A refused upload (422) changes nothing, the version included.
    const refused = await upload(aap, uploadParts(app.id, 'insured-id', 'NATIONAL_ID_FRONT', { name: 'id.pdf', data: pdfBytes() }));
    expect(refused.statusCode).toBe(422);
    expect(((await aap.get(`/api/appform/v1/find/${app.id}`)).json() as ApplicationResponse).version).toBe(applicationVersion + 1);
  });
});

describe('the scan call', () => {
  it('turns a png and a tiff into a PDF, keeps a PDF, and refuses other types', async () => {
    const scan = (name: string, data: Buffer) => {
      const parts = [{ name: 'file', fileName: name, contentType: 'application/octet-stream', data }];
      return import('./application-test-kit')
        .then(({ multipart }) => multipart(parts))
        .then((body) => aap.upload('/api/document/v1/scan', body.payload, body.contentType));
    };
    const png = await scan('photo.png', pngBytes(200, 100));
    expect(png.statusCode, png.body.slice(0, 200)).toBe(200);
    expect(png.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A 2x1 uncompressed RGB TIFF, little-endian.
    const tiff = tinyTiff();
    const tif = await scan('scan.tif', tiff);
    expect(tif.statusCode, tif.body.slice(0, 200)).toBe(200);
    expect(tif.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = pdfBytes();
    const kept = await scan('doc.pdf', pdf);
    expect(Buffer.compare(kept.rawPayload, pdf)).toBe(0);
    expect((await scan('setup.jpg', exeBytes())).statusCode).toBe(415);
    expect((await scan('notes.txt', Buffer.from('hello'))).statusCode).toBe(415);
  }, 60_000);
});

function tinyTiff(): Buffer {
  const entries: [number, number, number, number][] = [
    [256, 3, 1, 2],
    [257, 3, 1, 1],
    [258, 3, 1, 8],
    [259, 3, 1, 1],
    [262, 3, 1, 2],
    [273, 4, 1, 8],
    [277, 3, 1, 3],
    [278, 3, 1, 1],
    [279, 4, 1, 6],
  ];
  const pixels = Buffer.from([255, 0, 0, 0, 0, 255]);
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8 + pixels.length, 4);
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(count, at + 4);
    if (type === 3) ifd.writeUInt16LE(value, at + 8);
    else ifd.writeUInt32LE(value, at + 8);
  });
  return Buffer.concat([header, pixels, ifd]);
}
