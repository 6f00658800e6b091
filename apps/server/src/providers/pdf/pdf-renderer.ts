/** Page set-up of a rendered PDF. */
export interface PdfOptions {
  /** Default A4. */
  format?: 'A4' | 'Letter';
  landscape?: boolean;
  /** CSS margin, e.g. '18mm'; default 16mm on every side. */
  margin?: string;
}

/**
 * HTML in, PDF out (DESIGN.md §2). The HTML is a complete document written by the server (escape
 * every value: see html.ts); it may use the `PDF_FONT_FAMILY` font, which the renderer makes
 * available with Khmer and Latin glyphs (khmer-font.ts). No network is reached while rendering.
 */
export interface PdfRenderer {
  render(html: string, options?: PdfOptions): Promise<Buffer>;
  /** Ends the browser; later renders fail. */
  close(): Promise<void>;
}

export class PdfRenderError extends Error {
  override name = 'PdfRenderError';
}
