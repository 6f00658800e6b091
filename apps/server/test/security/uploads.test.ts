import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { BYTES_PER_MB, UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import { maxUploadBytes, type UploadKind } from '@portal/domain/rules/files';
import { appUser } from '../../src/db/schema/app-user.table';
import { candidate } from '../../src/db/schema/candidate.table';
import { cleanUploadFileName, contentDisposition } from '../../src/lib/upload-validation';
import { ApplicationsRepository } from '../../src/modules/applications/applications.repository';
import { ApplicationsService } from '../../src/modules/applications/applications.service';
import { noProposals } from '../../src/modules/applications/proposal-source';
import { PostgresBlobStore } from '../../src/providers/blob/postgres-blob-store';
import { snapshot } from '../applications/application-test-kit';
import { createRoutedApp, type Caller, type RouteEntry } from '../helpers/route-table';
import { importOwnedPolicies, multipartBody, pdfFile, pngFile } from '../helpers/security-fixtures';
import { countChanges, damagedBlobIds, orphanBlobIds, tableCounts, unsafeStoredFileNames } from '../helpers/storage-checks';
import { xsrfHeaders } from '../helpers/test-app';
import { envelopeProblems } from './response-checks';

/**
 * Uploads: a corpus of hostile files against every upload route of the route table
 * (POST, a path segment `upload` or `scan`). Each file is accepted only when it is valid; a
 * refused one stores nothing; an accepted one is stored under a server-chosen id with a cleaned
 * name, no blob is left without its row, none is damaged. The check every route must call is
 * `validateUpload` in apps/server/src/lib/upload-validation.ts.
 *
 * A new upload route needs one entry in TARGETS (how to reach it as its owner: URL, other form
 * fields, its UploadKind); until it has one, its test fails and says so. A route that still
 * answers the 501 placeholder is checked to store nothing.
 */
const t = await createRoutedApp({ config: { rateLimitMax: 0 } });
afterAll(() => t.close());

const UPLOAD_ROUTE = /\/(upload|scan)(\/|$)/;
const uploadRoutes = t.routes.api().filter((r) => r.method === 'POST' && UPLOAD_ROUTE.test(r.url));

interface Target {
  url: string;
  caller: Caller;
  fields: Record<string, string>;
  fileField: string;
  kind: UploadKind;
  /**
   * What an accepted file leaves behind: `adds` one blob; `replaces` the route's one file of
   * that type (a blob the first time, then the same count); `none` stores nothing (the scan
   * call answers the converted PDF).
   */
  stores?: 'adds' | 'replaces' | 'none';
}

async function userIdOf(username: string): Promise<{ id: string; agencyId: string | null }> {
  const [row] = await t.db.select({ id: appUser.id, agencyId: appUser.agencyId }).from(appUser).where(eq(appUser.username, username));
  if (!row) throw new Error(`${username} is not seeded`);
  return row;
}

/** A pending application of demo.aap (the internal creation path, as application-test-kit does). */
async function ownApplication(): Promise<string> {
  const user = await userIdOf('demo.aap');
  const service = new ApplicationsService(
    new ApplicationsRepository(t.db, new PostgresBlobStore(t.db)),
    noProposals,
    t.app.audit,
    () => t.app.services.pdf,
    t.app.services.renderedPdfs,
  );
  const made = await service.createFromSnapshot(
    { user: { id: user.id, roles: ['ROLE_AAP'], scopes: [], agencyId: user.agencyId }, sessionId: null, ip: '127.0.0.1', userAgent: null },
    snapshot(),
  );
  return made.id;
}

let phoneSeq = 0;
/** A candidate demo.aap recruits by secure link; `status` moves it on (as the pipeline would) for the admin uploads. */
async function ownCandidate(status?: 'approved' | 'exam_passed'): Promise<string> {
  phoneSeq += 1;
  const n = String(300000 + phoneSeq * 7 + randomInt(1000)).slice(-6);
  const caller = await t.routes.callerFor('ROLE_AAP');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidate/v1/form/link',
    headers: { ...caller.headers, ...xsrfHeaders() },
    payload: {
      firstName: 'Sophea',
      lastName: 'Noun',
      phone: `017${n}`,
      idNumber: String(200000000 + phoneSeq * 7919 + randomInt(1000)).slice(-9),
    },
  });
  if (res.statusCode !== 201) throw new Error(`form/link: ${res.statusCode} ${res.body}`);
  const { candidateId } = res.json() as { candidateId: string };
  if (status) await t.db.update(candidate).set({ status }).where(eq(candidate.id, candidateId));
  return candidateId;
}

const TARGETS: Readonly<Record<string, (route: RouteEntry) => Promise<Target>>> = {
  'POST /api/policy/v1/upload/{policyNumber}/client-pending-doc': async (route) => {
    const [policy] = await importOwnedPolicies(t);
    if (!policy) throw new Error('no demo.aap policy with an outstanding requirement');
    return {
      url: t.routes.url(route, { policyNumber: policy.policyNumber }),
      caller: await t.routes.callerFor('ROLE_AAP'),
      fields: { pendingCode: policy.pendingCodes[0] as string },
      fileField: 'file',
      kind: 'pendingDocument',
    };
  },
  'POST /api/document/v1/upload': async (route) => ({
    url: t.routes.url(route),
    caller: await t.routes.callerFor('ROLE_AAP'),
    fields: { applicationId: await ownApplication(), documentCategoryCode: 'k-y-c-proof', documentCode: 'FAMILY_BOOK' },
    fileField: 'file',
    kind: 'document',
  }),
  'POST /api/document/v1/scan': async (route) => ({
    url: t.routes.url(route),
    caller: await t.routes.callerFor('ROLE_AAP'),
    fields: {},
    fileField: 'file',
    kind: 'conversion',
    stores: 'none',
  }),
  'POST /api/candidate/v1/document/upload': async (route) => ({
    url: t.routes.url(route),
    caller: await t.routes.callerFor('ROLE_AAP'),
    fields: { candidateId: await ownCandidate(), documentType: 'diploma' },
    fileField: 'file',
    kind: 'document',
    stores: 'replaces',
  }),
  'POST /api/candidate/v1/irc/upload': async (route) => ({
    url: t.routes.url(route),
    caller: await t.routes.callerFor('ROLE_AA'),
    fields: { candidateId: await ownCandidate('exam_passed'), licenceNumber: 'IRC20261' },
    fileField: 'file',
    kind: 'document',
    stores: 'replaces',
  }),
  'POST /api/candidate/v1/contract/upload': async (route) => ({
    url: t.routes.url(route),
    caller: await t.routes.callerFor('ROLE_AA'),
    fields: { candidateId: await ownCandidate('approved') },
    fileField: 'file',
    kind: 'document',
    stores: 'replaces',
  }),
  // Spreadsheets, not documents: this route gets SHEET_CORPUS below instead of the PDF/PNG corpus.
  'POST /api/support/v1/exam/upload': async (route) => ({
    url: t.routes.url(route),
    caller: await t.routes.callerFor('ROLE_AA'),
    fields: {},
    fileField: 'file',
    kind: 'sheet',
    stores: 'none',
  }),
};

type Expect = 'accept' | 413 | 415 | 422;
interface Sample {
  label: string;
  fileName: string;
  data: () => Buffer;
  /** The outcome; a function when it depends on the route's size limit. */
  expect: Expect | ((maxBytes: number) => Expect);
  contentType?: string;
  /** The name the server must store (when accepted). */
  storedAs?: string;
}

const dir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function qpdfEncrypted(): Buffer {
  const plain = join(dir, 'plain.pdf');
  const locked = join(dir, 'locked.pdf');
  writeFileSync(plain, pdfFile());
  execFileSync('qpdf', ['--encrypt', 'user-pw', 'owner-pw', '256', '--', plain, locked]);
  return readFileSync(locked);
}

function qpdfCompressed(): Buffer {
  const plain = join(dir, 'plain2.pdf');
  const packed = join(dir, 'packed.pdf');
  writeFileSync(plain, pdfFile({ text: 'Compressed page' }));
  execFileSync('qpdf', ['--object-streams=generate', '--compress-streams=y', plain, packed]);
  return readFileSync(packed);
}

const MZ = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1'), Buffer.alloc(2000, 0)]);
const ELF = () => Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.alloc(2000, 0)]);
const ZIP_TAIL = Buffer.concat([
  Buffer.from('PK\u0003\u0004', 'latin1'),
  Buffer.alloc(30, 0),
  Buffer.from('evil.js'),
  Buffer.from('PK\u0005\u0006', 'latin1'),
  Buffer.alloc(18, 0),
]);
const FIVE_MB = 5 * BYTES_PER_MB;

const CORPUS: readonly Sample[] = [
  { label: 'a valid PDF', fileName: 'id-card.pdf', data: () => pdfFile(), expect: 'accept', storedAs: 'id-card.pdf' },
  { label: 'a valid PDF with compressed object streams (qpdf)', fileName: 'packed.pdf', data: qpdfCompressed, expect: 'accept' },
  { label: 'a valid PNG', fileName: 'photo.png', data: () => pngFile(16, 16), expect: 'accept', storedAs: 'photo.png' },
  { label: 'a Khmer name', fileName: 'អត្តសញ្ញាណប័ណ្ណ.pdf', data: () => pdfFile(), expect: 'accept', storedAs: 'អត្តសញ្ញាណប័ណ្ណ.pdf' },
  {
    label: 'a PDF sent as an executable content type',
    fileName: 'scan.pdf',
    data: () => pdfFile(),
    contentType: 'application/x-msdownload',
    expect: 'accept',
  },
  {
    label: 'a path-traversal name',
    fileName: '../../../../etc/passwd.pdf',
    data: () => pdfFile(),
    expect: 'accept',
    storedAs: 'passwd.pdf',
  },
  {
    label: 'a Windows path-traversal name',
    fileName: '..\\..\\Windows\\System32\\evil.png',
    data: () => pngFile(),
    expect: 'accept',
    storedAs: 'evil.png',
  },
  { label: 'a hidden-file name', fileName: '.htaccess.pdf', data: () => pdfFile(), expect: 'accept', storedAs: 'htaccess.pdf' },
  { label: 'exactly 5 MB', fileName: 'five-mb.pdf', data: () => pdfFile({ padTo: FIVE_MB }), expect: 'accept' },
  {
    label: '5 MB + 1 byte',
    fileName: 'five-mb-plus.pdf',
    data: () => pdfFile({ padTo: FIVE_MB + 1 }),
    expect: (max) => (max > FIVE_MB ? 'accept' : 413),
  },
  { label: "exactly the route's limit", fileName: 'at-limit.pdf', data: () => Buffer.alloc(0), expect: 'accept' }, // data: see sized()
  { label: "the route's limit + 1 byte", fileName: 'over-limit.pdf', data: () => Buffer.alloc(0), expect: 413 },
  { label: 'a 300-character name', fileName: `${'a'.repeat(296)}.pdf`, data: () => pdfFile(), expect: 422 },
  { label: 'an empty file', fileName: 'empty.pdf', data: () => Buffer.alloc(0), expect: 422 },
  { label: 'a.pdf.exe', fileName: 'a.pdf.exe', data: () => pdfFile(), expect: 415 },
  { label: 'a right-to-left override hiding .exe', fileName: 'invoice\u202Efdp.exe', data: () => MZ(), expect: 415 },
  { label: 'an executable renamed .pdf', fileName: 'scan.pdf', data: MZ, expect: 415 },
  { label: 'an ELF binary renamed .png', fileName: 'photo.png', data: ELF, expect: 415 },
  { label: 'HTML renamed .pdf', fileName: 'page.pdf', data: () => Buffer.from('<html><script>alert(1)</script></html>'), expect: 415 },
  {
    label: 'SVG renamed .png',
    fileName: 'logo.png',
    data: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    expect: 415,
  },
  {
    label: 'a PDF/HTML polyglot',
    fileName: 'polyglot.pdf',
    data: () => pdfFile({ extraObjects: ['<< /Comment (<html><script>alert(document.cookie)</script>) >>'] }),
    expect: 415,
  },
  {
    label: 'a PDF/ZIP polyglot',
    fileName: 'zip.pdf',
    data: () => Buffer.concat([pdfFile(), ZIP_TAIL, Buffer.from('\n%%EOF\n')]),
    expect: 415,
  },
  {
    label: 'a PNG with a script appended after IEND',
    fileName: 'appended.png',
    data: () => Buffer.concat([pngFile(), Buffer.from('<script>alert(1)</script>')]),
    expect: 415,
  },
  { label: 'a PNG/ZIP polyglot', fileName: 'zip.png', data: () => Buffer.concat([pngFile(), ZIP_TAIL]), expect: 415 },
  {
    label: 'a PDF with JavaScript (OpenAction)',
    fileName: 'js.pdf',
    data: () => pdfFile({ catalogExtra: '/OpenAction 6 0 R', extraObjects: ['<< /S /JavaScript /JS (app.alert(1)) >>'] }),
    expect: 415,
  },
  {
    label: 'a PDF with JavaScript in #-escaped names',
    fileName: 'js-escaped.pdf',
    data: () => pdfFile({ catalogExtra: '/OpenAction 6 0 R', extraObjects: ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>'] }),
    expect: 415,
  },
  {
    label: 'a PDF with JavaScript inside a compressed object stream',
    fileName: 'js-stream.pdf',
    expect: 415,
    data: () => {
      const hidden = deflateSync(Buffer.from('7 0 << /S /JavaScript /JS (app.alert(1)) >>'));
      return pdfFile({
        extraObjects: [
          `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n${hidden.toString('latin1')}\nendstream`,
        ],
      });
    },
  },
  {
    label: 'a PDF with JavaScript in a compressed stream whose filter sits before a /DecodeParms dictionary',
    fileName: 'js-decodeparms.pdf',
    expect: 415,
    data: () => {
      const hidden = deflateSync(Buffer.from('7 0 << /S /JavaScript /JS (app.alert(1)) >>'));
      return pdfFile({
        extraObjects: [
          `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /DecodeParms << /Predictor 1 >> /Length ${hidden.length} >>\nstream\n${hidden.toString('latin1')}\nendstream`,
        ],
      });
    },
  },
  {
    label: 'a PDF with JavaScript in a truncated compressed stream',
    fileName: 'js-truncated.pdf',
    expect: 415,
    data: () => {
      // The end of the deflate data (last block and checksum) cut off: a viewer still reads what came before.
      const full = deflateSync(Buffer.from(`7 0 << /S /JavaScript /JS (app.alert(1)) >> ${'x'.repeat(4000)}`));
      const hidden = full.subarray(0, full.length - 6);
      return pdfFile({
        extraObjects: [
          `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n${hidden.toString('latin1')}\nendstream`,
        ],
      });
    },
  },
  {
    label: 'a PDF with JavaScript in an ASCIIHex-encoded stream',
    fileName: 'js-hex.pdf',
    expect: 415,
    data: () => {
      const hidden = Buffer.from('7 0 << /S /JavaScript /JS (app.alert(1)) >>').toString('hex');
      return pdfFile({
        extraObjects: [
          `<< /Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode /Length ${hidden.length + 1} >>\nstream\n${hidden}>\nendstream`,
        ],
      });
    },
  },
  {
    label: 'a PDF with a Launch action',
    fileName: 'launch.pdf',
    data: () => pdfFile({ catalogExtra: '/OpenAction 6 0 R', extraObjects: ['<< /S /Launch /F (cmd.exe) >>'] }),
    expect: 415,
  },
  {
    label: 'a PDF with an embedded file',
    fileName: 'embedded.pdf',
    data: () => pdfFile({ catalogExtra: '/Names << /EmbeddedFiles 6 0 R >>', extraObjects: ['<< /Names [(a.exe) 7 0 R] >>'] }),
    expect: 415,
  },
  {
    label: 'an encrypted PDF (hand-made /Encrypt)',
    fileName: 'locked.pdf',
    data: () => pdfFile({ trailerExtra: '/Encrypt 6 0 R', extraObjects: ['<< /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>'] }),
    expect: 415,
  },
  { label: 'an encrypted PDF (qpdf, AES-256)', fileName: 'qpdf-locked.pdf', data: qpdfEncrypted, expect: 415 },
  { label: 'a PDF without %%EOF (truncated)', fileName: 'cut.pdf', data: () => pdfFile().subarray(0, 300), expect: 415 },
  {
    label: 'a PNG declaring 20000 x 20000 pixels',
    fileName: 'bomb.png',
    data: () => pngFile(2, 2, { width: 20_000, height: 20_000 }),
    expect: 415,
  },
  { label: 'a truncated PNG', fileName: 'cut.png', data: () => pngFile(16, 16).subarray(0, 60), expect: 415 },
  {
    label: 'a PNG with a bad CRC',
    fileName: 'crc.png',
    expect: 415,
    data: () => {
      const png = Buffer.from(pngFile(4, 4));
      png[29] = (png[29] as number) ^ 0xff; // inside IHDR's CRC
      return png;
    },
  },
  { label: 'a name that is only an extension', fileName: '.pdf', data: () => pdfFile(), expect: 415 },
];

/**
 * The exam-results upload takes spreadsheets (kind `sheet`: csv/xlsx), so the PDF/PNG corpus
 * does not apply to it (every sample would be refused 415 by extension, which proves nothing).
 * It gets its own hostile set. `parsed` = the file passed the upload check and its rows were read:
 * the route answers 422 on rows or the header (file.header.*) (no candidate of the demo agency awaits these results),
 * never on `file`, and applies nothing.
 */
const SHEET_ROUTES = new Set(['POST /api/support/v1/exam/upload']);
const EXAM_HEADER = 'candidateNumber,lastName,firstName,itcClass,examDate,score,result';
const csv = (...rows: string[]) => Buffer.from([EXAM_HEADER, ...rows].join('\r\n'), 'utf8');
const goodCsv = () => csv('C99999991,Noun,Sophea,,2026-11-01,85,PASS');
const xlsx = () =>
  writeXlsxFile([
    ['candidateNumber', 'examDate', 'score', 'result'].map((value) => ({ value })),
    ['C99999991', '2026-11-02', '77', 'PASS'].map((value) => ({ value })),
  ]).toBuffer();

/** The central-directory entries of a ZIP: offset of each header and its name. */
function zipEntries(zip: Buffer): { at: number; name: string }[] {
  const end = zip.lastIndexOf(Buffer.from('PK\u0005\u0006', 'latin1'));
  let at = zip.readUInt32LE(end + 16);
  const out: { at: number; name: string }[] = [];
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const length = zip.readUInt16LE(at + 28);
    out.push({ at, name: zip.toString('utf8', at + 46, at + 46 + length) });
    at += 46 + length + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/** A real XLSX with one part renamed (same length) to a macro project. */
async function xlsxWithMacro(): Promise<Buffer> {
  const zip = Buffer.from(await xlsx());
  const entry = zipEntries(zip).find((e) => e.name.length >= 15 && e.name !== '[Content_Types].xml');
  if (!entry) throw new Error('no part to rename');
  const macro = `${'x'.repeat(entry.name.length - 14)}vbaProject.bin`;
  return Buffer.from(zip.toString('latin1').replaceAll(entry.name, macro), 'latin1');
}

/** A real XLSX whose central directory claims a part unpacks to ~4 GB (a zip bomb's signature). */
async function xlsxBomb(): Promise<Buffer> {
  const zip = Buffer.from(await xlsx());
  const [entry] = zipEntries(zip);
  zip.writeUInt32LE(0xfffffff0, (entry as { at: number }).at + 24);
  return zip;
}

/**
 * A hand-made XLSX whose sheet part says (in both of its headers) it unpacks to 100 bytes, while
 * it really unpacks to 100 MB of zeros: a bomb a check of the stated sizes alone lets through.
 */
function xlsxLyingBomb(): Buffer {
  const parts = [
    {
      name: '[Content_Types].xml',
      raw: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      lie: false,
    },
    { name: 'xl/worksheets/sheet1.xml', raw: Buffer.alloc(100 * 1024 * 1024), lie: true },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const packed = deflateRawSync(part.raw);
    const name = Buffer.from(part.name, 'utf8');
    const stated = part.lie ? 100 : part.raw.length;
    const crc = crc32(part.raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(stated, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(stated, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface SheetSample {
  label: string;
  fileName: string;
  data: () => Buffer | Promise<Buffer>;
  expect: 'parsed' | 413 | 415 | 422;
  contentType?: string;
}

const SHEET_CORPUS: readonly SheetSample[] = [
  { label: 'a valid CSV', fileName: 'results.csv', data: goodCsv, expect: 'parsed' },
  {
    label: 'a valid CSV with a BOM and Khmer',
    fileName: 'លទ្ធផល.csv',
    data: () => Buffer.concat([Buffer.from('\uFEFF'), csv('C99999991,នួន,សុភា,,2026-11-01,85,PASS')]),
    expect: 'parsed',
  },
  { label: 'a valid XLSX', fileName: 'results.xlsx', data: xlsx, expect: 'parsed' },
  {
    label: 'a CSV sent as an executable content type',
    fileName: 'results.csv',
    data: goodCsv,
    contentType: 'application/x-msdownload',
    expect: 'parsed',
  },
  { label: 'a path-traversal name', fileName: '../../../../etc/results.csv', data: goodCsv, expect: 'parsed' },
  {
    label: '5 MB + 1 byte',
    fileName: 'big.csv',
    data: () => Buffer.concat([goodCsv(), Buffer.alloc(FIVE_MB + 1 - goodCsv().length, 0x20)]),
    expect: 413,
  },
  { label: 'a 300-character name', fileName: `${'a'.repeat(296)}.csv`, data: goodCsv, expect: 422 },
  { label: 'an empty file', fileName: 'empty.csv', data: () => Buffer.alloc(0), expect: 422 },
  { label: 'results.csv.exe', fileName: 'results.csv.exe', data: goodCsv, expect: 415 },
  { label: 'a PDF (a document, not a sheet)', fileName: 'results.pdf', data: () => pdfFile(), expect: 415 },
  { label: 'an executable renamed .csv', fileName: 'results.csv', data: MZ, expect: 415 },
  { label: 'an ELF binary renamed .xlsx', fileName: 'results.xlsx', data: ELF, expect: 415 },
  { label: 'a PDF renamed .csv', fileName: 'results.csv', data: () => pdfFile(), expect: 415 },
  { label: 'a PDF renamed .xlsx', fileName: 'results.xlsx', data: () => pdfFile(), expect: 415 },
  { label: 'a PNG renamed .csv', fileName: 'results.csv', data: () => pngFile(), expect: 415 },
  { label: 'HTML renamed .csv', fileName: 'results.csv', data: () => Buffer.from('<html><script>alert(1)</script></html>'), expect: 415 },
  {
    label: 'a CSV with a NUL byte',
    fileName: 'results.csv',
    data: () => Buffer.concat([goodCsv(), Buffer.from([0]), Buffer.from('x')]),
    expect: 415,
  },
  {
    label: 'a CSV that is not UTF-8',
    fileName: 'results.csv',
    data: () => Buffer.concat([goodCsv(), Buffer.from([0xff, 0xfe, 0x41])]),
    expect: 415,
  },
  { label: 'a CSV renamed .xlsx', fileName: 'results.xlsx', data: goodCsv, expect: 415 },
  { label: 'a ZIP that is no Office file', fileName: 'results.xlsx', data: () => Buffer.concat([ZIP_TAIL]), expect: 415 },
  { label: 'a truncated XLSX', fileName: 'cut.xlsx', data: async () => (await xlsx()).subarray(0, 200), expect: 415 },
  { label: 'an XLSX with a macro project', fileName: 'macro.xlsx', data: xlsxWithMacro, expect: 415 },
  { label: 'an XLSX claiming 4 GB unpacked (zip bomb)', fileName: 'bomb.xlsx', data: xlsxBomb, expect: 415 },
  {
    label: 'an XLSX whose headers say 100 bytes but which unpacks to 100 MB (lying zip bomb)',
    fileName: 'quiet-bomb.xlsx',
    data: xlsxLyingBomb,
    expect: 415,
  },
];

/** The limit-sized samples get their bytes from the route's limit. */
function sized(sample: Sample, maxBytes: number): Buffer {
  if (sample.fileName === 'at-limit.pdf') return pdfFile({ padTo: maxBytes });
  if (sample.fileName === 'over-limit.pdf') return pdfFile({ padTo: maxBytes + 1 });
  return sample.data();
}

const figures = { files: 0, accepted: 0, refused: 0, serverErrors: 0 };

describe('hostile uploads on every upload route', () => {
  afterAll(() =>
    console.warn(
      `[uploads] ${figures.files} files on ${uploadRoutes.length} upload routes: ${figures.accepted} accepted, ${figures.refused} refused, ${figures.serverErrors} 5xx`,
    ),
  );

  it('the route table lists the upload routes', () => {
    expect(uploadRoutes.map((r) => t.routes.label(r))).toContain('POST /api/policy/v1/upload/{policyNumber}/client-pending-doc');
  });

  for (const route of uploadRoutes) {
    const label = t.routes.label(route);
    if (t.routes.isPending(route)) {
      it(`${label}: not built yet, so a hostile file gets only the 501 placeholder (415: it has no multipart parser) and nothing is stored`, async () => {
        const caller = await t.routes.allowedCaller(route);
        const before = await tableCounts(t.db);
        const body = multipartBody({}, { field: 'file', fileName: '../../a.pdf.exe', data: MZ(), type: 'application/pdf' });
        const res = await t.app.inject({
          method: 'POST',
          url: t.routes.url(route),
          headers: { ...caller?.headers, ...xsrfHeaders(), 'content-type': body.contentType },
          payload: body.payload,
        });
        expect([501, 415]).toContain(res.statusCode);
        expect(countChanges(before, await tableCounts(t.db))).toEqual([]);
      });
      continue;
    }

    describe(label, () => {
      let target: Target;
      let storedOnce = false;
      beforeAll(async () => {
        const make = TARGETS[label];
        if (!make) throw new Error(`${label} is an upload route with no entry in TARGETS (uploads.test.ts): add how its owner reaches it`);
        target = await make(route);
      }, 60_000);

      if (SHEET_ROUTES.has(label)) {
        for (const sample of SHEET_CORPUS) {
          it(`${sample.label} (${JSON.stringify(sample.fileName.slice(0, 40))})`, async () => {
            expect(target.kind).toBe('sheet');
            const body = multipartBody(target.fields, {
              field: target.fileField,
              fileName: sample.fileName,
              data: await sample.data(),
              type: sample.contentType ?? 'application/octet-stream',
            });
            const before = await tableCounts(t.db);
            const res = await t.app.inject({
              method: 'POST',
              url: target.url,
              headers: { ...target.caller.headers, ...xsrfHeaders(), 'content-type': body.contentType },
              payload: body.payload,
            });
            figures.files++;
            if (res.statusCode >= 500) figures.serverErrors++;
            expect(res.statusCode, res.body.slice(0, 200)).toBe(sample.expect === 'parsed' ? 422 : sample.expect);
            expect(envelopeProblems(res)).toEqual([]);
            const fields = ((res.json() as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field);
            if (sample.expect === 'parsed') {
              figures.accepted++;
              expect(fields.length).toBeGreaterThan(0);
              expect(
                fields.every((f) => f.startsWith('row.') || f.startsWith('file.header')),
                fields.join(),
              ).toBe(true);
            } else {
              figures.refused++;
              if (sample.expect === 422) expect(fields).toEqual(['file']);
            }
            expect(countChanges(before, await tableCounts(t.db))).toEqual([]);
          }, 120_000);
        }
        return;
      }

      for (const sample of CORPUS) {
        it(`${sample.label} (${JSON.stringify(sample.fileName.slice(0, 40))})`, async () => {
          const maxBytes = maxUploadBytes(target.kind);
          const expected = typeof sample.expect === 'function' ? sample.expect(maxBytes) : sample.expect;
          const data = sized(sample, maxBytes);
          if (sample.fileName === 'at-limit.pdf') expect(data.length).toBe(maxBytes);
          if (sample.label === 'exactly 5 MB') expect(data.length).toBe(FIVE_MB);
          const body = multipartBody(target.fields, {
            field: target.fileField,
            fileName: sample.fileName,
            data,
            type: sample.contentType ?? 'application/octet-stream',
          });
          const before = await tableCounts(t.db);
          const res = await t.app.inject({
            method: 'POST',
            url: target.url,
            headers: { ...target.caller.headers, ...xsrfHeaders(), 'content-type': body.contentType },
            payload: body.payload,
          });
          figures.files++;
          if (res.statusCode >= 500) figures.serverErrors++;
          const after = await tableCounts(t.db);
          if (expected === 'accept') {
            figures.accepted++;
            expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(200);
            expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(300);
            const stores = target.stores ?? 'adds';
            const added = stores === 'adds' || (stores === 'replaces' && !storedOnce) ? 1 : 0;
            expect(after.get('blob')).toBe((before.get('blob') ?? 0) + added);
            if (stores === 'replaces') storedOnce = true;
            if (stores === 'none') {
              // The answer is the converted file itself, named after the cleaned upload.
              expect(res.headers['content-type']).toBe('application/pdf');
              expect(res.body.startsWith('%PDF-')).toBe(true);
              const disposition = String(res.headers['content-disposition']);
              expect(disposition).not.toMatch(/[/\\]|\.\./);
              if (sample.storedAs) expect(disposition).toContain(encodeURIComponent(sample.storedAs.replace(/\.[^.]+$/, '.pdf')));
            }
            const text = stores === 'none' ? String(res.headers['content-disposition']) : res.body;
            if (sample.storedAs && stores !== 'none') expect(text).toContain(JSON.stringify(sample.storedAs).slice(1, -1));
            expect(text).not.toMatch(/\.\.[/\\]|[/\\]etc[/\\]|System32/);
            expect(text).not.toContain('application/x-msdownload');
          } else {
            figures.refused++;
            expect(res.statusCode, res.body.slice(0, 200)).toBe(expected);
            expect(envelopeProblems(res)).toEqual([]);
            expect(countChanges(before, after)).toEqual([]);
          }
          expect(await orphanBlobIds(t.db)).toEqual([]);
          expect(await unsafeStoredFileNames(t.db)).toEqual([]);
        }, 240_000); // a 10 MB file into PGlite on a busy 2-core machine
      }

      it('every stored blob is intact (size and SHA-256 match its bytes)', async () => {
        expect(await damagedBlobIds(t.db)).toEqual([]);
      });
    });
  }
});

describe('file names in answers', () => {
  const hostile = [
    'a"; filename="evil.exe',
    'line\r\nSet-Cookie: x=1.pdf',
    '../../etc/passwd',
    'ឯកសារ "quoted".pdf',
    'a\\b;c%20d.pdf',
    '\u202Efdp.exe',
  ];

  it('contentDisposition never lets a name break out of its header, and keeps the real name in filename*', () => {
    for (const name of hostile) {
      const header = contentDisposition(name);
      expect(header, name).not.toMatch(/[\r\n]/);
      const match = /^attachment; filename="([^"\\]*)"; filename\*=UTF-8''([A-Za-z0-9%!#$&+.^_`|~-]+)$/.exec(header);
      expect(match, header).not.toBeNull();
      expect(decodeURIComponent(match?.[2] ?? ''), name).toBe(cleanUploadFileName(name));
      expect(match?.[1], name).not.toMatch(/[/\\]/);
    }
  });

  it('the stored name keeps no path, control or direction characters', () => {
    expect(cleanUploadFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanUploadFileName('C:\\fakepath\\scan.PDF')).toBe('scan.PDF');
    expect(cleanUploadFileName('a\u0000b\u202E.pdf')).toBe('ab.pdf');
    expect(cleanUploadFileName('..')).toBe('');
  });

  it('the 5 MB default is what the domain says', () => {
    expect(UPLOAD_MAX_BYTES).toBe(FIVE_MB);
  });
});
