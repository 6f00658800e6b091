import type { AppMetrics } from '../metrics/app-metrics';
import { PdfRendererBusyError } from './fair-pdf-renderer';
import type { PdfOptions, PdfRenderer } from './pdf-renderer';

/**
 * A PDF renderer that reports to the app's metrics: each render's time (waiting for a page
 * included) by outcome (ok, error, or refused by the fair admission), and at scrape time the
 * renders in progress and those waiting for a page (when the renderer tells, as the fair
 * admission and the Chromium pool do).
 */
export class MeteredPdfRenderer implements PdfRenderer {
  private inFlight = 0;

  constructor(
    private readonly inner: PdfRenderer & { readonly queued?: number },
    private readonly metrics: AppMetrics,
  ) {
    metrics.gauge('portal_pdf_renders_in_progress', 'PDF renders started and not finished (rendering or waiting for a page).', [], () => [
      { value: this.inFlight },
    ]);
    metrics.gauge('portal_pdf_render_queue_length', 'PDF renders waiting for a free Chromium page.', [], () => [{ value: this.queued }]);
  }

  /** Renders waiting for a page, as the inner renderer tells. */
  get queued(): number {
    return this.inner.queued ?? 0;
  }

  async render(html: string, options?: PdfOptions): Promise<Buffer> {
    this.inFlight++;
    const end = this.metrics.pdfRenderDuration.startTimer();
    try {
      const pdf = await this.inner.render(html, options);
      end({ outcome: 'ok' });
      return pdf;
    } catch (error) {
      end({ outcome: error instanceof PdfRendererBusyError ? 'refused' : 'error' });
      throw error;
    } finally {
      this.inFlight--;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
