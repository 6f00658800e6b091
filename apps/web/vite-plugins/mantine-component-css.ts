import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's per-component style sheets instead of its one 254 KB `styles.css`. In the build, each
 * of Mantine's class-name modules (`esm/components/Text/Text.module.mjs`: the classes its
 * components put on their elements) gets an import of the style sheet that defines those classes
 * (`@mantine/core/styles/Text.layer.css`). The bundler then puts each sheet in the chunk that
 * holds the component: the first screen's CSS is what the first screen draws, and a lazy area's
 * styles arrive with its chunk (Vite loads a chunk's CSS before running it, so nothing is drawn
 * unstyled and nothing shifts). Dev serves Mantine pre-bundled, so there the whole sheet is
 * imported by the entry instead.
 *
 * The `.layer.css` files put Mantine inside `@layer mantine`, so the app's own (unlayered) CSS
 * wins whatever order the sheets arrive in, which per-chunk loading no longer fixes.
 */
const require = createRequire(import.meta.url);
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
const ENTRY = /[\\/]src[\\/]main\.tsx$/;

export function mantineComponentCss(): Plugin {
  // `exports` hides package.json; the CommonJS entry is <root>/cjs/index.cjs.
  const stylesDir = join(dirname(dirname(require.resolve('@mantine/core'))), 'styles');
  let serve = false;
  return {
    name: 'portal-mantine-component-css',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (serve) return ENTRY.test(path) ? { code: `import '@mantine/core/styles.layer.css';${code}`, map: null } : null;
      const name = CLASS_MODULE.exec(path)?.[1];
      if (!name || !existsSync(join(stylesDir, `${name}.layer.css`))) return null;
      return { code: `${code}\nimport '@mantine/core/styles/${name}.layer.css';\n`, map: null };
    },
  };
}
