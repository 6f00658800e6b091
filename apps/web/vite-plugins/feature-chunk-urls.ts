import type { Plugin } from 'vite';

/** The id of the `<script type="application/json">` that holds the URLs (read by app/feature-loaders.ts). */
export const FEATURE_CHUNKS_ELEMENT_ID = 'feature-chunks';

const SCREENS = /[\\/]features[\\/]([^\\/]+)[\\/]screens\.tsx$/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes into index.html, per feature folder, the built files its `screens.tsx` chunk needs (the
 * chunk, the chunks it imports statically, their style sheets), minus what the entry loads
 * anyway. The app prefetches these URLs (`<link rel="prefetch">`: downloaded into the cache,
 * not run) so that opening an area later does not wait for the network. A data block, not a
 * script: nothing runs, and the page's CSP is unaffected. Build only; in dev the map is absent.
 */
export function featureChunkUrls(): Plugin {
  return {
    name: 'portal-feature-chunk-urls',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
        const closure = (fileName: string, into: Set<string>): Set<string> => {
          const chunk = chunks.get(fileName);
          if (!chunk || into.has(fileName)) return into;
          into.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const dep of chunk.imports) closure(dep, into);
          return into;
        };
        const initial = new Set<string>();
        for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, initial);
        const map: Record<string, string[]> = {};
        for (const chunk of chunks.values()) {
          const folder = SCREENS.exec(chunk.facadeModuleId ?? '')?.[1];
          if (!folder) continue;
          map[folder] = [...closure(chunk.fileName, new Set())].filter((f) => !initial.has(f)).map((f) => `/${f}`);
        }
        // JSON inside <script>: `<` is escaped so no file name can close the element.
        const json = JSON.stringify(map).replace(/</g, '\\u003c');
        return [{ tag: 'script', attrs: { type: 'application/json', id: FEATURE_CHUNKS_ELEMENT_ID }, children: json, injectTo: 'body' }];
      },
    },
  };
}
