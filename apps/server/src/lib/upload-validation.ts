import { constants as zlibConstants, crc32, inflateRawSync, inflateSync } from 'node:zlib';
import { MEDIA_TYPES, SHEET_MEDIA_TYPES, type ConversionExtension, type SheetExtension } from '@portal/domain/constants/uploads';
import {
  contentMatchesName,
  FILE_ISSUE_KEYS,
  FILE_ISSUE_STATUS,
  fileExtension,
  fileIssues,
  type UploadKind,
} from '@portal/domain/rules/files';
import { AppError } from './app-error';

/**
 * The one check every upload route runs on a received file (SECURITY.md "Uploads"):
 *
 *   const { fileName, mediaType } = validateUpload(file, 'document');   // throws the AppError to answer
 *
 * 1. The name: path parts and control characters removed (`cleanUploadFileName`); empty -> 422
 *    `required`; the domain's rules (packages/domain/src/rules/files.ts `fileIssues`): extension
 *    not allowed for the kind -> 415, too big -> 413, longer than 100 characters -> 422 `maxlength`.
 *    The name is only ever a label: stores key the content by a server-chosen id.
 * 2. The first bytes must be what the extension says (`contentMatchesName`), else 415.
 * 3. The content is inspected (`contentProblem`), else 415:
 *    - PDF: `%%EOF` near the end; no active or hidden content: `/JavaScript`, `/JS`, `/Launch`,
 *      `/EmbeddedFile(s)`, `/RichMedia`, `/XFA`, `/SubmitForm`, `/ImportData`, `/GoToE`, also
 *      spelled with `#xx` escapes and inside Flate-compressed streams (object streams included,
 *      inflated up to MAX_INFLATED_BYTES in total: more is refused as a bomb); no `/Encrypt`
 *      (an encrypted file cannot be checked or read by underwriting); no HTML or ZIP
 *      polyglot markers (`<script`, `<html`, `<svg`, a ZIP local header + end record);
 *    - PNG: a well-formed chunk list (IHDR first, lengths in bounds, every CRC right, IEND last
 *      and nothing after it: no appended archive or script), at most MAX_IMAGE_SIDE pixels a
 *      side and MAX_IMAGE_PIXELS in all (a 20000 x 20000 "pixel bomb" is refused);
 *    - JPEG: its frame header's size within the same limits; TIFF: the signature only;
 *    - CSV (kind `sheet`): valid UTF-8 text, no control character other than tab/CR/LF, no HTML
 *      markup; XLSX (kind `sheet`): a well-formed ZIP (end record, central directory in bounds)
 *      holding `[Content_Types].xml`, no macro part (`vbaProject.bin`), no embedded objects or executables,
 *      at most MAX_INFLATED_BYTES once unpacked (a zip bomb is refused).
 * The media type of the answer is the extension's (which the content has just been shown to be),
 * never the client's Content-Type.
 */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

export interface ValidUpload {
  fileName: string;
  data: Buffer;
  extension: ConversionExtension | SheetExtension;
  mediaType: string;
}

export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** Control and bidirectional-override characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The last path part, without control or bidirectional-override characters, trimmed. */
export function cleanUploadFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(UNSAFE_NAME_CHARACTERS, '').replace(/^\.+/, '').trim();
}

const PDF_FORBIDDEN_NAMES = [
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'Encrypt',
];
const PDF_FORBIDDEN = new RegExp(`/(${PDF_FORBIDDEN_NAMES.join('|')})(?![A-Za-z0-9])`);
const MARKUP = /<\s*(script|html|svg|iframe|body)\b/i;

/** `/J#61vaScript` -> `/JavaScript` (PDF names may escape any byte as #xx). */
function decodeNames(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function pdfTextProblem(text: string): string | undefined {
  const decoded = decodeNames(text);
  const name = PDF_FORBIDDEN.exec(decoded);
  if (name) return `pdf: /${name[1]}`;
  if (MARKUP.test(decoded)) return 'pdf: markup (html polyglot)';
  return undefined;
}

function pdfProblem(data: Buffer): string | undefined {
  const text = data.toString('latin1');
  if (!text.slice(-1024).includes('%%EOF')) return 'pdf: no %%EOF at the end';
  if (text.includes('PK\u0003\u0004') && text.includes('PK\u0005\u0006')) return 'pdf: zip polyglot';
  const plain = pdfTextProblem(text);
  if (plain) return plain;
  // Streams: inflate the Flate ones (object streams hide dictionaries there) and look again.
  let inflated = 0;
  const streams = /(?<![A-Za-z])stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(text)) !== null) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // The stream's whole dictionary: from its `N 0 obj` header (the nearest `<<` may be a nested
    // /DecodeParms dictionary that does not name the filter).
    const dict = decodeNames(text.slice(Math.max(0, text.lastIndexOf('obj', match.index)), match.index));
    streams.lastIndex = end + 'endstream'.length;
    // Encodings this check cannot read are refused rather than trusted (image codecs such as
    // DCT, JPX, CCITTFax and JBIG2 carry pictures, not PDF objects, and pass).
    if (/\/(ASCIIHexDecode|AHx|ASCII85Decode|A85|LZWDecode|LZW|RunLengthDecode|RL)(?![A-Za-z0-9])/.test(dict))
      return 'pdf: stream encoding that cannot be checked';
    if (!/FlateDecode|\/Fl\b/.test(dict)) continue;
    let out: Buffer;
    try {
      // A truncated stream still yields what a viewer would read of it (sync flush, no throw).
      out = inflateSync(data.subarray(start, end), {
        maxOutputLength: MAX_INFLATED_BYTES - inflated,
        finishFlush: zlibConstants.Z_SYNC_FLUSH,
      });
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
        (error as Error).message.includes('Cannot create a Buffer larger')
      ) {
        return 'pdf: compressed streams too large (bomb)';
      }
      continue; // not deflate data at all: nothing a viewer could run either
    }
    inflated += out.length;
    if (inflated >= MAX_INFLATED_BYTES) return 'pdf: compressed streams too large (bomb)';
    const inner = pdfTextProblem(out.toString('latin1'));
    if (inner) return `${inner} (in a compressed stream)`;
  }
  return undefined;
}

function imageSizeProblem(width: number, height: number, kind: string): string | undefined {
  if (width <= 0 || height <= 0) return `${kind}: zero size`;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return `${kind}: ${width} x ${height} pixels is too large`;
  return undefined;
}

function pngProblem(data: Buffer): string | undefined {
  let offset = 8;
  let first = true;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > data.length) return 'png: chunk runs past the end';
    if (crc32(data.subarray(offset + 4, offset + 8 + length)) !== data.readUInt32BE(offset + 8 + length)) return `png: bad CRC in ${type}`;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return 'png: IHDR is not first';
      const size = imageSizeProblem(data.readUInt32BE(offset + 8), data.readUInt32BE(offset + 12), 'png');
      if (size) return size;
      first = false;
    }
    offset = end;
    if (type === 'IEND') return offset === data.length ? undefined : 'png: bytes after IEND (polyglot)';
  }
  return 'png: no IEND';
}

function jpegProblem(data: Buffer): string | undefined {
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return 'jpeg: bad marker';
    const marker = data[offset + 1] as number;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC): height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (offset + 9 > data.length) return 'jpeg: truncated frame header';
      return imageSizeProblem(data.readUInt16BE(offset + 7), data.readUInt16BE(offset + 5), 'jpeg');
    }
    if (marker === 0xda) return 'jpeg: no frame header before the scan';
    offset += 2 + length;
  }
  return 'jpeg: no frame header';
}

// eslint-disable-next-line no-control-regex
const CSV_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function csvProblem(data: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return 'csv: not UTF-8 text';
  }
  if (CSV_CONTROL.test(text)) return 'csv: control characters';
  if (MARKUP.test(text)) return 'csv: markup (html polyglot)';
  return undefined;
}

const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_LOCAL = 0x04034b50;
const ZIP_DESCRIPTOR = 0x08074b50;

/**
 * An XLSX (a ZIP) is checked the way a streaming reader will read it: every part is really
 * unpacked here, with the output capped, so a part whose stated size lies cannot turn into a bomb
 * later. The local headers, walked from the start of the file, must list exactly the parts of the
 * central directory, in order, with the same sizes (or a data descriptor), and end where the
 * directory begins: nothing hidden between them. Stored or deflated parts only; no ZIP64.
 */
function xlsxProblem(data: Buffer): string | undefined {
  const endAt = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || endAt + 22 > data.length || data.readUInt32LE(endAt) !== ZIP_END) return 'xlsx: no ZIP end record';
  const entries = data.readUInt16LE(endAt + 10);
  const size = data.readUInt32LE(endAt + 12);
  const directoryAt = data.readUInt32LE(endAt + 16);
  if (directoryAt + size > endAt) return 'xlsx: central directory out of bounds';
  let offset = directoryAt;
  let local = 0;
  let unpacked = 0;
  let contentTypes = false;
  for (let i = 0; i < entries; i += 1) {
    if (offset + 46 > endAt || data.readUInt32LE(offset) !== ZIP_CENTRAL) return 'xlsx: damaged central directory';
    const method = data.readUInt16LE(offset + 10);
    const packedSize = data.readUInt32LE(offset + 20);
    const size = data.readUInt32LE(offset + 24);
    const localAt = data.readUInt32LE(offset + 42);
    const nameLength = data.readUInt16LE(offset + 28);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (name === '[Content_Types].xml') contentTypes = true;
    if (/vbaProject\.bin$|(^|\/)embeddings\/|\.(exe|dll|js|vbs|scr|bat|cmd)$/i.test(name)) return `xlsx: part ${name}`;
    offset += 46 + nameLength + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);

    // The local header: where the previous part ended, the same part, the same sizes.
    if (localAt !== local || local + 30 > directoryAt || data.readUInt32LE(local) !== ZIP_LOCAL)
      return 'xlsx: parts out of order or hidden';
    const flags = data.readUInt16LE(local + 6);
    const described = (flags & 0x08) !== 0;
    if (data.readUInt16LE(local + 8) !== method) return 'xlsx: part headers disagree';
    if (!described && (data.readUInt32LE(local + 18) !== packedSize || data.readUInt32LE(local + 22) !== size))
      return 'xlsx: part sizes disagree';
    const dataAt = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (dataAt + packedSize > directoryAt) return 'xlsx: part out of bounds';
    const packed = data.subarray(dataAt, dataAt + packedSize);
    if (method === 0) {
      if (packedSize !== size) return 'xlsx: stored part sizes disagree';
    } else if (method === 8) {
      let consumed: number;
      let length: number;
      try {
        const { buffer, engine } = inflateRawSync(packed, {
          maxOutputLength: Math.max(1, MAX_INFLATED_BYTES - unpacked),
          info: true,
        }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
        consumed = engine.bytesWritten;
        length = buffer.length;
      } catch {
        return 'xlsx: a part does not unpack, or unpacks too large (bomb)';
      }
      if (consumed !== packedSize || length !== size) return 'xlsx: a part unpacks to another size than stated';
    } else {
      return `xlsx: compression method ${method}`;
    }
    unpacked += size;
    if (unpacked > MAX_INFLATED_BYTES) return 'xlsx: unpacks too large (bomb)';
    local = dataAt + packedSize;
    if (described) {
      const withSignature = local + 4 <= directoryAt && data.readUInt32LE(local) === ZIP_DESCRIPTOR;
      local += withSignature ? 16 : 12;
    }
  }
  if (local !== directoryAt) return 'xlsx: data between the parts and the directory';
  if (!contentTypes) return 'xlsx: no [Content_Types].xml (not an Office file)';
  return undefined;
}

/** What is wrong with content whose first bytes already match `extension`; undefined when nothing is. */
export function contentProblem(data: Buffer, extension: ConversionExtension | SheetExtension): string | undefined {
  switch (extension) {
    case 'csv':
      return csvProblem(data);
    case 'xlsx':
      return xlsxProblem(data);
    case 'pdf':
      return pdfProblem(data);
    case 'png':
      return pngProblem(data);
    case 'jpg':
    case 'jpeg':
      return jpegProblem(data);
    default:
      return undefined;
  }
}

/** See the file comment. Throws the AppError to answer; returns the name to store and the media type. */
export function validateUpload(file: UploadedFile | undefined, kind: UploadKind, field = 'file'): ValidUpload {
  if (!file) throw AppError.validation([{ field, key: 'required' }]);
  const fileName = cleanUploadFileName(file.fileName);
  if (fileName === '') throw AppError.validation([{ field, key: 'required' }]);
  const first = fileIssues({ name: fileName, size: file.data.length }, kind)[0];
  if (first) {
    const status = FILE_ISSUE_STATUS[first];
    if (status === 422) throw AppError.validation([{ field, key: FILE_ISSUE_KEYS[first] }]);
    throw AppError.http(status === 413 ? 413 : 415);
  }
  if (!contentMatchesName(file.data.subarray(0, 16), fileName)) throw AppError.http(415);
  const extension = fileExtension(fileName) as ConversionExtension | SheetExtension;
  const problem = contentProblem(file.data, extension);
  if (problem) throw new AppError(415, 415, 'unsupported_media_type', undefined, { cause: new Error(`upload refused: ${problem}`) });
  const mediaType = extension === 'csv' || extension === 'xlsx' ? SHEET_MEDIA_TYPES[extension] : MEDIA_TYPES[extension];
  return { fileName, data: file.data, extension, mediaType };
}

/**
 * A Content-Disposition that no file name can break out of: an ASCII fallback (quotes,
 * backslashes, control and non-ASCII characters replaced) plus RFC 8187 `filename*` for the
 * real name, percent-encoded.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const clean = cleanUploadFileName(fileName) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
