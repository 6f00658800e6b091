import { createHash } from 'node:crypto';
import type { PdfOptions, PdfRenderer } from '../../providers/pdf/pdf-renderer';
import type { RenderedPdfKey, RenderedPdfsRepository } from './rendered-pdfs.repository';

/**
 * Part of every fingerprint: raise it when what turns the same HTML into a PDF changes (the
 * renderer's page set-up, the embedded font, the Chromium flags), so no copy made the old way is
 * served again. A change of a template needs nothing here: it changes the HTML.
 */
export const PDF_FORMAT_VERSION = 1;

/** Bytes of the most recently served PDFs kept in memory as well (a repeat then reads no blob). */
const MEMORY_BYTES_MAX = 32 * 1024 * 1024;

/** A page to render: its complete HTML and page set-up. */
export interface PdfPage {
  html: string;
  options?: PdfOptions;
}

/** Which record a PDF shows: e.g. `{ kind: 'proposal', recordId: row.id, recordVersion: row.version, lang }`. */
export interface PdfRecord {
  kind: 'proposal' | 'application-form' | 'client-pending-letter';
  recordId: string;
  recordVersion: string | number;
  lang: string;
}

/** SHA-256 of the format version, the page set-up and the HTML. */
export function pageFingerprint(page: PdfPage): string {
  return createHash('sha256')
    .update(`${PDF_FORMAT_VERSION}\n${JSON.stringify(page.options ?? {})}\n`)
    .update(page.html)
    .digest('hex');
}

/**
 * PDFs of records rendered once and then served from storage. A copy is found by its record,
 * version, language and the fingerprint of the page it was rendered from, so it is served only
 * while the page the caller would render now is the same: anything the page shows (a status, a
 * payment code, an advisor's name, a catalogue's product name, the template itself) is in the key
 * without being listed. A page that prints when it was made passes `page` with that time fixed
 * (e.g. to the day) and the page to render, with the real time, as `renderPage`.
 *
 * Concurrent requests for one key in this process share one lookup and one render; across
 * servers, the table's unique key keeps one copy (two servers may each render it once). The
 * latest PDFs served (up to 32 MB) are also kept in memory under the same key, so a repeat reads
 * no blob; like the stored copy, such a PDF is answered only while its page is unchanged.
 */
export class RenderedPdfsService {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** Recently served PDFs by key, least recently served first. */
  private readonly recent = new Map<string, Buffer>();
  private recentBytes = 0;

  constructor(
    private readonly repository: RenderedPdfsRepository,
    private readonly pdf: () => PdfRenderer,
  ) {}

  /** The stored PDF of this record and page, or else the page rendered now and stored. */
  async obtain(record: PdfRecord, page: PdfPage, renderPage: () => PdfPage = () => page): Promise<Buffer> {
    const key: RenderedPdfKey = { ...record, recordVersion: String(record.recordVersion), fingerprint: pageFingerprint(page) };
    const id = JSON.stringify([key.kind, key.recordId, key.recordVersion, key.lang, key.fingerprint]);
    const kept = this.recent.get(id);
    if (kept) {
      this.remember(id, kept);
      return kept;
    }
    const running = this.inFlight.get(id);
    if (running) return running;
    const work = this.findOrRender(key, renderPage)
      .then((pdf) => {
        this.remember(id, pdf);
        return pdf;
      })
      .finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, work);
    return work;
  }

  private remember(id: string, pdf: Buffer): void {
    const old = this.recent.get(id);
    if (old) {
      this.recent.delete(id);
      this.recentBytes -= old.length;
    }
    if (pdf.length > MEMORY_BYTES_MAX) return;
    this.recent.set(id, pdf);
    this.recentBytes += pdf.length;
    for (const [oldest, bytes] of this.recent) {
      if (this.recentBytes <= MEMORY_BYTES_MAX) break;
      this.recent.delete(oldest);
      this.recentBytes -= bytes.length;
    }
  }

  private async findOrRender(key: RenderedPdfKey, renderPage: () => PdfPage): Promise<Buffer> {
    const stored = await this.repository.find(key);
    if (stored) return stored;
    const page = renderPage();
    const pdf = await this.pdf().render(page.html, page.options);
    await this.repository.save(key, pdf);
    return pdf;
  }

  /** The retention sweep: copies made before `cutoff` go. */
  deleteCreatedBefore(cutoff: Date): Promise<number> {
    return this.repository.deleteCreatedBefore(cutoff);
  }
}
