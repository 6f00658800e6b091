/**
 * Text that Chromium shaped before a web font arrived keeps the fallback's shapes: without a Khmer
 * font on the system (Linux desktops), the header, menu and footer, drawn before Noto Sans Khmer
 * loads, stay as boxes. Changing a font property on the root when a font has loaded makes the
 * browser shape all text again with the loaded font. `"kern" 1` is the default already, so the
 * change looks like nothing but a new shaping; it alternates, so every load is a change.
 */
export function reshapeTextWhenFontsLoad(doc: Document = document): void {
  if (!('fonts' in doc)) return;
  doc.fonts.addEventListener('loadingdone', () => {
    const root = doc.documentElement;
    root.style.fontFeatureSettings = root.style.fontFeatureSettings ? '' : '"kern" 1';
  });
}
