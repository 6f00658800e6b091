/** One page holding one image, scaled to fit: what the scan call renders to PDF. */
export function imagePagePdfHtml(mediaType: string, data: Buffer): string {
  const src = `data:${mediaType};base64,${data.toString('base64')}`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html, body { margin: 0; height: 100%; }
body { display: flex; align-items: center; justify-content: center; }
img { max-width: 100%; max-height: 270mm; object-fit: contain; }
</style></head><body><img alt="" src="${src}"></body></html>`;
}
