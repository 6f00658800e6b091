/**
 * CSV (RFC 4180) that a spreadsheet cannot turn into a formula. A cell beginning with `=`, `+`,
 * `-`, `@`, a tab or a carriage return is a formula to Excel, LibreOffice and Google Sheets
 * (OWASP "CSV injection"); such a cell gets a leading apostrophe, which the spreadsheet shows as
 * text. Every cell is quoted, quotes doubled; lines end with CRLF; the file starts with a BOM so
 * Excel reads UTF-8 (Khmer names) correctly.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
