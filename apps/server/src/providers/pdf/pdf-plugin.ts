import { definePlugin } from '../../plugins/define-plugin';
import { ChromiumPdfRenderer } from './chromium-pdf-renderer';
import { MeteredPdfRenderer } from './metered-pdf-renderer';
import type { PdfRenderer } from './pdf-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** HTML -> PDF through the warm Chromium pool (providers/pdf); closed with the app. */
    pdf: PdfRenderer;
  }
}

/**
 * The app's one PDF renderer (a Chromium pool at CHROMIUM_PATH, launched on the first render,
 * closed when the app closes), as `app.pdf`. Not encapsulated, so registered at the root it is
 * shared by every module after it; registering it twice keeps the first. Tests may pass their own
 * renderer as `renderer`, though API tests use the real one.
 */
export const pdfPlugin = definePlugin<{ renderer?: PdfRenderer }>('pdf', async (app, options) => {
  if (app.hasDecorator('pdf')) return;
  const base = options.renderer ?? new ChromiumPdfRenderer({ executablePath: app.config.chromiumPath });
  // With metrics on (plugins/metrics.ts, registered earlier): render times and the queue.
  const renderer = app.hasDecorator('metrics') ? new MeteredPdfRenderer(base, app.metrics) : base;
  app.decorate('pdf', renderer);
  app.addHook('onClose', async () => renderer.close());
});
