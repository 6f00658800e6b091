import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PdfOptions, PdfRenderer } from './pdf-renderer';
import { PdfRenderError } from './pdf-renderer';

/**
 * Flags for headless Chromium on a closed network (STACK.md): no sandbox (containers), no GPU,
 * and nothing that phones home. Playwright adds a fresh temporary --user-data-dir itself.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--metrics-recording-only',
];

export interface ChromiumPdfRendererOptions {
  executablePath: string;
  /** Pages kept warm and used at once (1-4); default 2. */
  pages?: number;
  /** Longest one render may take; default 20 s. */
  timeoutMs?: number;
  /** Longest a render may wait for a free page; default 30 s. */
  queueTimeoutMs?: number;
}

interface Slot {
  context: BrowserContext;
  page: Page;
}

/**
 * A small pool of headless Chromium pages (DESIGN.md §2): the browser is launched on the first
 * render (~0.5-2 s), then kept; at most `pages` pages render at once and stay open between
 * renders, so a warm render is one setContent + page.pdf (~100-200 ms). JavaScript is off and
 * every network request is aborted: templates are static HTML with inlined fonts. A page that
 * fails is thrown away; a browser that dies is relaunched on the next render.
 */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private readonly idle: Slot[] = [];
  private readonly waiters: { resolve: (slot: Slot | null) => void; timer: NodeJS.Timeout }[] = [];
  private open = 0;
  private closed = false;
  private readonly maxPages: number;
  private readonly timeoutMs: number;
  private readonly queueTimeoutMs: number;

  constructor(private readonly options: ChromiumPdfRendererOptions) {
    this.maxPages = Math.min(4, Math.max(1, options.pages ?? 2));
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.queueTimeoutMs = options.queueTimeoutMs ?? 30_000;
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core is loaded with the first render, not with the server: it is a fifth of the
      // server's start-up time, and a restarted server should be back in its balancer at once.
      const launching = import('playwright-core')
        .then(({ chromium }) =>
          chromium.launch({ executablePath: this.options.executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 }),
        )
        .then((browser) => {
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
            this.idle.length = 0;
            this.open = 0;
          });
          return browser;
        });
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
      this.browser = launching;
    }
    return this.browser;
  }

  private async newSlot(): Promise<Slot> {
    const browser = await this.launch();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    // data: URLs (the fonts) are not routed; anything else (a stray http:, file:) is refused.
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    page.setDefaultTimeout(this.timeoutMs);
    return { context, page };
  }

  private async acquire(): Promise<Slot> {
    if (this.closed) throw new PdfRenderError('PDF renderer is closed');
    const ready = this.idle.pop();
    if (ready && !ready.page.isClosed()) return ready;
    if (ready) this.open--;
    if (this.open < this.maxPages) {
      this.open++;
      try {
        return await this.newSlot();
      } catch (error) {
        this.open--;
        throw new PdfRenderError('could not start Chromium for PDF rendering', { cause: error });
      }
    }
    const slot = await new Promise<Slot | null>((resolve) => {
      const waiter = {
        resolve,
        timer: setTimeout(() => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          resolve(null);
        }, this.queueTimeoutMs),
      };
      this.waiters.push(waiter);
    });
    if (!slot) throw new PdfRenderError('PDF renderer busy');
    return slot;
  }

  private release(slot: Slot, healthy: boolean): void {
    if (!healthy || this.closed) {
      this.open--;
      void slot.context.close().catch(() => undefined);
      // A waiter may now open a page of its own.
      const waiter = this.waiters.shift();
      if (waiter) {
        clearTimeout(waiter.timer);
        this.acquire().then(waiter.resolve, () => waiter.resolve(null));
      }
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(slot);
    } else {
      this.idle.push(slot);
    }
  }

  /** Pages used at once: the most renders that run without waiting. */
  get pages(): number {
    return this.maxPages;
  }

  /** Renders waiting for a free page (metrics). */
  get queued(): number {
    return this.waiters.length;
  }

  async render(html: string, options: PdfOptions = {}): Promise<Buffer> {
    const slot = await this.acquire();
    let healthy = false;
    try {
      const { page } = slot;
      await page.setContent(html, { waitUntil: 'load', timeout: this.timeoutMs });
      // Runs in the page (no DOM types on the server): wait until the inlined fonts are decoded.
      await page.evaluate('document.fonts.ready.then(() => true)');
      const margin = options.margin ?? '16mm';
      const pdf = await page.pdf({
        format: options.format ?? 'A4',
        landscape: options.landscape ?? false,
        printBackground: true,
        margin: { top: margin, right: margin, bottom: margin, left: margin },
      });
      // Leave nothing of this document behind for the next render.
      await page.setContent('<!doctype html><title></title>', { waitUntil: 'load' });
      healthy = true;
      return pdf;
    } catch (error) {
      throw error instanceof PdfRenderError ? error : new PdfRenderError('PDF rendering failed', { cause: error });
    } finally {
      this.release(slot, healthy);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.resolve(null);
    }
    this.idle.length = 0;
    const browser = this.browser;
    this.browser = null;
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
  }
}
