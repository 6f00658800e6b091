import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The web app runs on Preact through preact/compat, not on react-dom (react-dom 19 alone
 * is ~60 KB gzip of a 150 KB initial-JS budget). Every `react*` import, ours and the libraries'
 * (Mantine, TanStack Query, react-router, react-i18next, react-hook-form), resolves here, in the
 * dev server, the build and the web unit tests alike. `react` is src/lib/react-compat.js:
 * preact/compat plus React 19's `Activity`, which Mantine 9 needs. Types stay @types/react.
 * docs/decisions/006-preact-compat.md says why and how to go back to React.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/lib/react-compat.js', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];
