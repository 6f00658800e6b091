import type { FastifyInstance } from 'fastify';
import { systemClock } from '../modules/auth/clock';
import { ChromiumPdfRenderer } from '../providers/pdf/chromium-pdf-renderer';
import { FairPdfRenderer } from '../providers/pdf/fair-pdf-renderer';
import { MeteredPdfRenderer } from '../providers/pdf/metered-pdf-renderer';
import type { PdfRenderer } from '../providers/pdf/pdf-renderer';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { createServices, type Services } from '../services';
import type { AuditService } from '../modules/audit/audit.service';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler renders a PDF: it takes its turn at the PDF renderer before any other work
     * (FairPdfRenderer.reserve), so a request refused with 503 `pdf_busy` costs no reads.
     * Not for a handler that reads a request stream (an upload would hold the place meanwhile).
     */
    rendersPdf?: boolean;
    /**
     * The handler answers a record's PDF from storage when it was rendered before
     * (modules/rendered-pdfs) and renders it otherwise: it takes no turn first, so a stored copy
     * is never queued behind renders nor refused; a render takes its place at the renderer itself
     * (FairPdfRenderer.render) and may still be refused with 503 `pdf_busy`.
     */
    servesStoredPdf?: boolean;
  }
  interface FastifyInstance {
    /** Every service of the app, built once by createServices (src/services.ts). */
    services: Services;
    /** Audit trail of reads and changes of personal or health data (the same object as `services.audit`). */
    audit: AuditService;
  }
}

/**
 * The composition root as a plugin: `app.services` for the auth hook and every route plugin.
 * Tests may pass their own SMS provider or PDF renderer (behind the same fair admission). On
 * close: the PDF pool.
 */
export const servicesPlugin = fp<{ sms?: SmsProvider; pdf?: PdfRenderer }>(
  async (app, options) => {
    const pool = options.pdf ?? new ChromiumPdfRenderer({ executablePath: app.config.chromiumPath });
    // Each user's fair share of the pool's pages (per-user caps, a short line, 503 when full).
    const slots = pool instanceof ChromiumPdfRenderer ? { slots: pool.pages } : {};
    const fair = new FairPdfRenderer(pool, { ...app.config.pdfLimits, ...slots });
    // With metrics on (plugins/metrics.ts, registered earlier): render times, refusals and the queue.
    const pdf = app.hasDecorator('metrics') ? new MeteredPdfRenderer(fair, app.metrics) : fair;
    const services = await createServices({ db: app.db, config: app.config, log: app.log, clock: systemClock(), ...options, pdf });
    // Routes with config.rendersPdf run their whole handler in a place taken first.
    app.addHook('onRoute', (route) => {
      if (!route.config?.rendersPdf) return;
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request, reply) {
        return fair.reserve(async () => handler.call(this, request, reply));
      };
    });
    app.decorate('services', services);
    app.decorate('audit', services.audit);
    app.addHook('onClose', async () => services.pdf.close());
  },
  { name: 'services' },
);
