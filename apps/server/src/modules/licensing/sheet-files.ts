import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { AppError } from '../../lib/app-error';

/** A row of text cells, as a spreadsheet shows them. */
export type TextRow = string[];

const XLSX_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** RFC 4180 CSV (quotes, doubled quotes, CRLF or LF), UTF-8 with or without a BOM. */
export function parseCsv(text: string): TextRow[] {
  const rows: TextRow[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function csvCell(value: string): string {
  // A leading = + - @ (or tab, carriage return) would be run as a formula by a spreadsheet: quote it with an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV with a UTF-8 BOM, so a spreadsheet opens Khmer text correctly. */
export function toCsv(rows: TextRow[]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function toXlsx(rows: TextRow[]): Promise<Buffer> {
  const data = rows.map((r, i) => r.map((value) => ({ value, type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) })));
  return writeXlsxFile(data).toBuffer();
}

/**
 * Reads an uploaded sheet: XLSX when the content is a ZIP (sniffed, not the name), else UTF-8 CSV.
 * A file that is neither is 415; an unreadable XLSX is 422 on `file`.
 */
export async function readSheetFile(fileName: string, data: Buffer): Promise<TextRow[]> {
  const name = fileName.toLowerCase();
  const isZip = XLSX_SIGNATURE.every((b, i) => data[i] === b);
  if (name.endsWith('.xlsx')) {
    if (!isZip) throw AppError.http(415);
    try {
      const sheet = await readSheet(data);
      return sheet.map((row) => row.map(cellText));
    } catch {
      throw AppError.validation([{ field: 'file', key: 'invalid' }]);
    }
  }
  if (name.endsWith('.csv')) {
    if (isZip || data.includes(0)) throw AppError.http(415);
    return parseCsv(data.toString('utf8'));
  }
  throw AppError.http(415);
}
