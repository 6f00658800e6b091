import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contactBody } from '../helpers/security-fixtures';
import { recordFigure } from './figures';
import { Client, pgliteDir, ServerProcess } from './harness';

/**
 * DAST: Debian's wapiti and sqlmap against a local built server (PGlite, demo data),
 * signed in as an advisor. The GET routes come from the server's own OpenAPI document
 * (/api/docs/json), every query parameter filled, so a route another area adds is scanned too.
 * Passes when wapiti reports no vulnerability of level 3 (high) and sqlmap finds no injectable
 * parameter. Needs `apt-get install -y wapiti sqlmap` (the resilience script says so if absent).
 */
const WAPITI_SECONDS = Number(process.env.DAST_SECONDS ?? 120);
const work = mkdtempSync(join(tmpdir(), 'portal-dast-'));
const cleanups: (() => void | Promise<void>)[] = [() => rmSync(work, { recursive: true, force: true })];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function runTool(cmd: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
}

describe('DAST with wapiti and sqlmap', () => {
  let server: ServerProcess;
  let client: Client;
  let getUrls: string[] = [];

  it(
    'wapiti finds no high-level vulnerability on the SPA and every GET route of the OpenAPI document',
    async () => {
      const dir = pgliteDir();
      cleanups.push(() => dir.remove());
      server = await new ServerProcess({ kind: 'pglite', dataDir: dir.dataDir }).start();
      cleanups.push(() => server.stop());
      client = await new Client(server.base).signIn('demo.aap');
      const created = await client.post('/api/contact/v1/create', { ...contactBody('Dast'), lastName: 'Dastcontact' });
      expect(created.status).toBe(201);
      const contactId = created.json<{ id: string }>().id;

      const doc = (await client.get('/api/docs/json')).json<OpenApi>();
      getUrls = Object.entries(doc.paths)
        .filter(([path, ops]) => ops.get && path.startsWith('/api/') && !path.startsWith('/api/docs') && !path.startsWith('/api/dev'))
        .map(([path, ops]) => {
          const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            name === 'id' || name === 'contactId' ? contactId : 'P100000026',
          );
          const query = (ops.get?.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => `${p.name}=test`)
            .join('&');
          return `${server.base}${filled}${query ? `?${query}` : ''}`;
        });
      expect(getUrls.length).toBeGreaterThan(10);

      const report = join(work, 'wapiti.json');
      const args = [
        '-u',
        `${server.base}/`,
        '--scope',
        'folder',
        '--flush-session',
        '-f',
        'json',
        '-o',
        report,
        '-m',
        'sql,xss,exec,file,crlf,redirect,permanentxss,xxe',
        '--max-scan-time',
        String(WAPITI_SECONDS),
        '-H',
        `Authorization: Bearer ${client.token}`,
        '-d',
        '3',
        '--verify-ssl',
        '0',
        ...getUrls.flatMap((u) => ['-s', u]),
      ];
      const run = await runTool('wapiti', args, (WAPITI_SECONDS + 120) * 1000);
      let parsed: { vulnerabilities?: Record<string, { level: number | string; path: string; info: string }[]> };
      try {
        parsed = JSON.parse(readFileSync(report, 'utf8')) as typeof parsed;
      } catch {
        throw new Error(`wapiti left no report (exit ${run.code}):\n${run.output.slice(-2000)}`);
      }
      const findings = Object.entries(parsed.vulnerabilities ?? {}).flatMap(([kind, list]) =>
        list.map((v) => ({ kind, level: Number(v.level), path: v.path, info: v.info })),
      );
      const high = findings.filter((f) => f.level >= 3);
      recordFigure('dast-wapiti', {
        urls: getUrls.length,
        findings: findings.length,
        high: high.length,
        byKind: Object.fromEntries(Object.entries(parsed.vulnerabilities ?? {}).map(([k, v]) => [k, v.length])),
      });
      console.warn(
        `[dast] wapiti: ${getUrls.length} start URLs, ${findings.length} findings, ${high.length} high${findings.length ? `: ${JSON.stringify(findings.slice(0, 5))}` : ''}`,
      );
      expect(high).toEqual([]);
    },
    10 * 60_000,
  );

  it(
    'sqlmap finds no injectable parameter in the search routes and sign-in',
    async () => {
      const targets = [
        ['-u', `${server.base}/api/contact/v2/find?q=Dast`, '-p', 'q'],
        ['-u', `${server.base}/api/policy/v1/search/customers?q=P100`, '-p', 'q'],
        ['-u', `${server.base}/api/auth/v1/login`, '--data', '{"username":"dast.user","password":"x*"}', '-p', 'username'],
      ];
      const xsrf = 'resilienceXsrfToken0123456789abcdefghijklmn';
      const results: { target: string; injectable: boolean }[] = [];
      for (const target of targets) {
        const run = await runTool(
          'sqlmap',
          [
            ...target,
            '--batch',
            '--level',
            '1',
            '--risk',
            '1',
            '--technique',
            'BEU',
            '--smart',
            '--flush-session',
            '--output-dir',
            join(work, 'sqlmap'),
            '--headers',
            `Authorization: Bearer ${client.token}\nX-XSRF-TOKEN: ${xsrf}`,
            '--cookie',
            `XSRF-TOKEN=${xsrf}`,
          ],
          5 * 60_000,
        );
        const injectable =
          /is vulnerable|identified the following injection point|appears to be .*injectable/i.test(run.output) &&
          !/does not seem to be injectable|do not appear to be injectable/i.test(run.output.split('\n').slice(-20).join('\n'));
        expect(run.output, `sqlmap ran against ${target[1]}`).toMatch(/testing|heuristic/i);
        results.push({ target: target[1] as string, injectable });
      }
      recordFigure('dast-sqlmap', { targets: results.length, injectable: results.filter((r) => r.injectable).length });
      console.warn(`[dast] sqlmap: ${results.length} targets, ${results.filter((r) => r.injectable).length} injectable`);
      expect(results.filter((r) => r.injectable)).toEqual([]);
    },
    15 * 60_000,
  );
});
