import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = process.env.PORTAL_API_ORIGIN ?? 'http://127.0.0.1:3000';

/** Vendor groups: each becomes its own long-cached chunk, loaded only by the code that needs it. */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 40 },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 35 },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 30 },
  { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 26 },
  { name: 'vendor-forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 25 },
  { name: 'vendor-mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tabbable|clsx|react-number-format|react-transition-group|dom-helpers)[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    rolldownOptions: {
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
