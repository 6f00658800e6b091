import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeVersion } from '../../packages/i18n/src/locale-version.ts';
import { featureChunkUrls } from './vite-plugins/feature-chunk-urls';
import { mantineComponentCss } from './vite-plugins/mantine-component-css';
import { serviceWorker } from './vite-plugins/service-worker';

/** Files worth compressing once at build time (fonts and images are compressed already). */
const PRECOMPRESS = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of the
 * build over 1 KB: the server sends them as they are (static-files.ts `preCompressed`), so a
 * phone on 3G gets the smallest form without the server compressing on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? (name === '.vite' ? [] : walk(path)) : [path];
        });
      for (const file of walk(outDir)) {
        if (!PRECOMPRESS.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const LOCALES_DIR = fileURLToPath(new URL('../../packages/i18n/locales', import.meta.url));

/**
 * `{ namespace: version }` of the language files this build is made with: the app asks for
 * `/locales/<namespace>.<version>.json`, which the server caches for a year (static-files.ts).
 */
function localeVersions(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(LOCALES_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.slice(0, -'.json'.length), localeVersion(readFileSync(join(LOCALES_DIR, name)))]),
  );
}

const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Vendor groups: each becomes its own long-cached chunk. A group is loaded whole by the first
 * chunk that needs any of it, so only libraries every screen needs in full are grouped (React,
 * react-dom and the router, TanStack Query, i18next) and the form library. Mantine and zod are NOT
 * grouped: a group would put every component any screen uses (dates, notifications, …) or all of zod
 * (the first load needs only zod/mini) on the sign-in screen's first load; left to the bundler,
 * each lazy route carries the components only it uses (budgets: scripts/check-bundle-budgets.mjs).
 */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 40,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 35 },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 30 },
  { name: 'vendor-forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 25 },
];

export default defineConfig({
  // React 19 + react-dom; @vitejs/plugin-react compiles JSX (automatic runtime) and gives
  // `npm run dev` Fast Refresh (an edited component keeps its state). docs/decisions/007-react.md.
  plugins: [mantineComponentCss(), react(), featureChunkUrls(), serviceWorker(localeVersions), precompress()],
  define: { 'import.meta.env.PORTAL_LOCALE_VERSIONS': JSON.stringify(localeVersions()) },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (scripts/check-bundle-budgets.mjs).
    manifest: true,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    rolldownOptions: {
      // Libraries mark modules "use client" (a React Server Components hint, meaningless in a
      // client-only bundle).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        warn(warning);
      },
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
        // features/<f>/screens.tsx -> assets/feature-<f>-<hash>.js, so each area's chunk is recognisable.
        chunkFileNames: (chunk) => {
          const feature = /[\\/]features[\\/]([^\\/]+)[\\/]screens\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return feature ? `assets/feature-${feature}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/locales': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
