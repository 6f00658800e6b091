#!/usr/bin/env node
// Makes sure Debian's Chromium is installed: the server renders PDFs with it and the e2e
// suite drives it. Never a test tool's own browser download (that cannot work offline).
//   node scripts/ensure-chromium.mjs              exit 0 when Chromium is there (installed if needed)
//   node scripts/ensure-chromium.mjs --pdf-tools  and pdftotext/pdftoppm too (the API tests read PDFs)
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { run } from './lib/proc.mjs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-core'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Resolves true when Chromium is (now) at CHROMIUM_PATH or /usr/bin/chromium. */
export async function ensureChromium() {
  const custom = process.env.CHROMIUM_PATH;
  const path = custom || DEFAULT_CHROMIUM;
  if (isExecutable(path)) {
    console.log(`[chromium] ${path}`);
    return true;
  }
  if (custom && custom !== DEFAULT_CHROMIUM) {
    console.error(
      `[chromium] CHROMIUM_PATH=${custom} is not an executable file. Point it at a Chromium binary, or unset it to use Debian's ${DEFAULT_CHROMIUM}.`,
    );
    return false;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`[chromium] Chromium is missing (${DEFAULT_CHROMIUM}). It renders PDFs and runs the browser tests. Install it with:`);
    console.error('');
    console.error(`    sudo apt-get install -y ${PACKAGES.join(' ')}`);
    console.error('');
    console.error('[chromium] or set CHROMIUM_PATH to an installed Chromium.');
    return false;
  }
  if (!isExecutable('/usr/bin/apt-get')) {
    console.error(
      `[chromium] Chromium is missing (${DEFAULT_CHROMIUM}) and there is no apt-get here: install Chromium and set CHROMIUM_PATH.`,
    );
    return false;
  }
  console.log(`[chromium] ${DEFAULT_CHROMIUM} is missing: installing ${PACKAGES.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const updated = await run('apt-get', ['update'], { env, label: 'apt-get update' });
  if (updated !== 0) console.error(`[chromium] apt-get update exited ${updated}; trying the install anyway`);
  const installed = await run('apt-get', ['install', '-y', ...PACKAGES], { env, label: 'apt-get install' });
  if (installed !== 0 || !isExecutable(DEFAULT_CHROMIUM)) {
    console.error(`[chromium] apt-get install -y ${PACKAGES.join(' ')} exited ${installed} and ${DEFAULT_CHROMIUM} is still missing.`);
    return false;
  }
  console.log(`[chromium] installed ${DEFAULT_CHROMIUM}`);
  return true;
}

/**
 * The PDF tools the API tests read and make PDFs with (Debian `poppler-utils`: `pdftotext` for the
 * text layer, `pdftoppm` for page images, `pdfinfo`; `qpdf` for encrypted and compressed samples):
 * installed with apt-get when missing and we are root.
 */
export async function ensurePdfTools() {
  const tools = ['/usr/bin/pdftotext', '/usr/bin/pdftoppm', '/usr/bin/pdfinfo', '/usr/bin/qpdf'];
  if (tools.every(isExecutable)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !isExecutable('/usr/bin/apt-get')) {
    console.error('[pdf-tools] pdftotext/pdftoppm/qpdf are missing: sudo apt-get install -y poppler-utils qpdf');
    return false;
  }
  console.log('[pdf-tools] installing poppler-utils and qpdf with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const packages = ['poppler-utils', 'qpdf'];
  let code = await run('apt-get', ['install', '-y', ...packages], { env, label: 'apt-get install' });
  if (code !== 0) {
    await run('apt-get', ['update'], { env, label: 'apt-get update' });
    code = await run('apt-get', ['install', '-y', ...packages], { env, label: 'apt-get install' });
  }
  return code === 0 && tools.every(isExecutable);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const wantsPdfTools = process.argv.includes('--pdf-tools');
  process.exitCode = (await ensureChromium()) && (!wantsPdfTools || (await ensurePdfTools())) ? 0 : 1;
}
