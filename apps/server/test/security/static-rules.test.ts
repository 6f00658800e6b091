import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../../src/lib/repo-root';

/**
 * Static checks: the security rules of eslint.config.js (core rules only) refuse what
 * they promise, where they promise it. `npm run lint` applies them to the whole repository; this
 * test proves they are not silently switched off.
 */
// The probes below are text, not files of a TypeScript project: the rules that need type
// information (floating promises) are switched off for them, every other rule applies as configured.
const eslint = new ESLint({
  cwd: findRepoRoot(),
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message.slice(0, 40)}`);
}

describe('ESLint security rules', () => {
  it('refuse dangerouslySetInnerHTML, innerHTML, eval, new Function and javascript: URLs in web code', async () => {
    const web = 'apps/web/src/features/contacts/probe.tsx';
    expect(
      (await ruleIds('export const A = (p: { h: string }) => <div dangerouslySetInnerHTML={{ __html: p.h }} />;\n', web)).join('\n'),
    ).toMatch(/no-restricted-syntax: No dangerouslySetInnerHTML/);
    expect((await ruleIds('export function f(e: HTMLElement, s: string): void { e.innerHTML = s; }\n', web)).join('\n')).toMatch(
      /no-restricted-syntax: No innerHTML/,
    );
    expect((await ruleIds('export const g = (s: string): unknown => eval(s);\n', web)).join('\n')).toMatch(/no-eval/);
    expect((await ruleIds('export const h = new Function("return 1");\n', web)).join('\n')).toMatch(/no-new-func|no-restricted-syntax/);
    expect((await ruleIds('export const u = "javascript:alert(1)";\n', web)).join('\n')).toMatch(/no-script-url/);
  });

  it('refuse Math.random in server and security code, and allow it elsewhere in the web app', async () => {
    expect((await ruleIds('export const r = Math.random();\n', 'apps/server/src/lib/probe.ts')).join('\n')).toMatch(
      /no-restricted-properties: 'Math.random' is restricted/,
    );
    expect((await ruleIds('export const r = Math.random();\n', 'packages/domain/src/rules/probe.ts')).join('\n')).toMatch(
      /'Math.random' is restricted/,
    );
    expect(await ruleIds('export const r = Math.random();\n', 'apps/web/src/components/probe.ts')).toEqual([]);
  });
});

describe('ESLint boundary rules', () => {
  it('keep web features apart, and shared code free of features', async () => {
    const crossFeature = "import { usePasskeys } from '../../auth/api/passkeys';\nexport const p = usePasskeys;\n";
    expect((await ruleIds(crossFeature, 'apps/web/src/features/profile/components/probe.tsx')).join('\n')).toMatch(
      /no-restricted-imports: '\.\.\/\.\.\/auth\/api\/passkeys' import/,
    );
    const ownAndShared =
      "import { useProfile } from '../api/profile';\nimport { api } from '../../../lib/api-client';\nexport const p = [useProfile, api];\n";
    expect(await ruleIds(ownAndShared, 'apps/web/src/features/profile/components/probe.tsx')).toEqual([]);
    const featureFromLib = "import { useProfile } from '../features/profile/api/profile';\nexport const p = useProfile;\n";
    expect((await ruleIds(featureFromLib, 'apps/web/src/lib/probe.ts')).join('\n')).toMatch(/no-restricted-imports/);
    expect(await ruleIds(featureFromLib, 'apps/web/src/app/probe.ts')).toEqual([]);
  });

  it('keep Drizzle and the tables in repositories; row types may go anywhere', async () => {
    const query =
      "import { eq } from 'drizzle-orm';\nimport { agency } from '../../db/schema/agency.table';\nexport const q = [eq, agency];\n";
    const refused = (await ruleIds(query, 'apps/server/src/modules/contacts/contacts.routes.ts')).filter((id) =>
      id.startsWith('no-restricted-imports'),
    );
    expect(refused).toHaveLength(2);
    expect((await ruleIds(query, 'apps/server/src/modules/contacts/contacts.service.ts')).join('\n')).toMatch(/no-restricted-imports/);
    expect(await ruleIds(query, 'apps/server/src/modules/contacts/contacts.repository.ts')).toEqual([]);
    const rowType = "import type { AppUser } from '../../db/schema/app-user.table';\nexport type U = AppUser;\n";
    expect(await ruleIds(rowType, 'apps/server/src/modules/contacts/contacts.service.ts')).toEqual([]);
  });
});
