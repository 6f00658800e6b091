import { crc32, deflateSync } from 'node:zlib';
import type { TestApp } from './test-app';

/** A multipart/form-data body: text fields, then one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; fileName: string; data: Buffer; type: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----portal-test-${Math.floor(Date.now() % 1e9).toString(36)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A valid contact body (contract of contacts/create-contact); `tag` makes names unique. */
export function contactBody(tag = 'A'): Record<string, unknown> {
  return {
    contactType: 'lifeInsured',
    firstName: 'Sokha',
    lastName: `Chan${tag.replace(/[^A-Za-z]/g, '')}`,
    firstNameKh: 'សុខា',
    lastNameKh: 'ចាន់',
    gender: 'M',
    dateOfBirth: '1988-03-15',
    phone: '012-345-678',
    email: 'sokha.chan@example.com',
    idType: '1',
    idNumber: '123456789',
    occupation: 'Teacher',
    address: 'Street 271, Phnom Penh',
  };
}

export interface OwnedPolicy {
  policyNumber: string;
  /** Outstanding requirement codes, enough for several uploads. */
  pendingCodes: string[];
}

/**
 * Imports (through the real feed importer) demo.aap's demo policies that have outstanding
 * requirements, and returns them with their open codes: the targets of pending-document uploads.
 */
export async function importOwnedPolicies(t: Pick<TestApp, 'db'>, username = 'demo.aap'): Promise<OwnedPolicy[]> {
  const { generateDemoPolicyFeed, demoFeedJson } = await import('../../src/importers/demo-policy-feed');
  const { parsePolicyFeedText } = await import('../../src/importers/policy-feed-reader');
  const { importPolicyFeed } = await import('../../src/importers/policy-importer');
  type FeedPolicy = { policyNumber: string; agent: { username?: string }; pending?: { code: string; status?: string }[] };
  const feed = generateDemoPolicyFeed();
  const mine = (feed.policies as unknown as FeedPolicy[]).filter((p) => p.agent.username === username);
  const open = mine.filter((p) => p.pending?.some((x) => !x.status || x.status === 'outstanding'));
  await importPolicyFeed(t.db, parsePolicyFeedText(demoFeedJson({ ...feed, policies: open as unknown as Record<string, unknown>[] })));
  return open.map((p) => ({
    policyNumber: p.policyNumber,
    pendingCodes: (p.pending ?? []).filter((x) => !x.status || x.status === 'outstanding').map((x) => x.code),
  }));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A well-formed PNG (RGB, 8 bits). `declared` makes the header claim another size than the
 * pixel data holds (a "pixel bomb" declares 20000 x 20000 and ships a few bytes).
 */
export function pngFile(width = 2, height = 2, declared?: { width: number; height: number }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(declared?.width ?? width, 0);
  ihdr.writeUInt32BE(declared?.height ?? height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  const rows = Buffer.alloc(height * (1 + width * 3), 0x7f);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A well-formed one-page PDF with a correct xref table. `extraObjects` are added as they are
 * (dictionaries that make it hostile), `trailerExtra` goes into the trailer, `padTo` pads with a
 * comment before the trailer so the file is exactly that many bytes.
 */
export function pdfFile(
  options: { extraObjects?: string[]; catalogExtra?: string; trailerExtra?: string; padTo?: number; text?: string } = {},
): Buffer {
  const stream = `BT /F1 12 Tf 20 100 Td (${options.text ?? 'ID card'}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(options.extraObjects ?? []),
  ];
  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const tail = (xref: number) => {
    let s = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    for (const offset of offsets) s += `${String(offset).padStart(10, '0')} 00000 n \n`;
    return `${s}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailerExtra ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`;
  };
  if (options.padTo !== undefined) {
    // A comment line of the right length, so the xref offset (and the total) come out exact.
    const probe = (pad: number) =>
      Buffer.byteLength(body, 'latin1') + pad + Buffer.byteLength(tail(Buffer.byteLength(body, 'latin1') + pad), 'latin1');
    let pad = Math.max(0, options.padTo - probe(0));
    while (probe(pad) > options.padTo && pad > 0) pad--;
    while (probe(pad) < options.padTo) pad++;
    if (pad > 0) body += `%${'x'.repeat(Math.max(0, pad - 2))}\n`.slice(0, pad);
  }
  return Buffer.from(body + tail(Buffer.byteLength(body, 'latin1')), 'latin1');
}
