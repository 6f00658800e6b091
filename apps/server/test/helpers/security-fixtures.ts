import type { TestApp } from './test-app';

/** A multipart/form-data body: text fields, then one file part. */
export function multipartBody(fields: Record<string, string>, file: { field: string; fileName: string; data: Buffer; type: string }): { payload: Buffer; contentType: string } {
  const boundary = `----portal-test-${Math.floor(Date.now() % 1e9).toString(36)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A valid contact body (contract of contacts/create-contact); `tag` makes names unique. */
export function contactBody(tag = 'A'): Record<string, unknown> {
  return {
    contactType: 'lifeInsured', firstName: 'Sokha', lastName: `Chan${tag.replace(/[^A-Za-z]/g, '')}`, firstNameKh: 'សុខា', lastNameKh: 'ចាន់',
    gender: 'M', dateOfBirth: '1988-03-15', phone: '012-345-678', email: 'sokha.chan@example.com', idType: '1', idNumber: '123456789',
    occupation: 'Teacher', address: 'Street 271, Phnom Penh',
  };
}

export interface OwnedPolicy {
  policyNumber: string;
  /** Outstanding requirement codes, enough for several uploads. */
  pendingCodes: string[];
}

/**
 * Imports (through the real feed importer) demo.aap's demo policies that have outstanding
 * requirements, and returns them with their open codes: the targets of pending-document uploads.
 */
export async function importOwnedPolicies(t: Pick<TestApp, 'db'>, username = 'demo.aap'): Promise<OwnedPolicy[]> {
  const { generateDemoPolicyFeed, demoFeedJson } = await import('../../src/importers/demo-policy-feed');
  const { parsePolicyFeedText } = await import('../../src/importers/policy-feed-reader');
  const { importPolicyFeed } = await import('../../src/importers/policy-importer');
  type FeedPolicy = { policyNumber: string; agent: { username?: string }; pending?: { code: string; status?: string }[] };
  const feed = generateDemoPolicyFeed();
  const mine = (feed.policies as unknown as FeedPolicy[]).filter((p) => p.agent.username === username);
  const open = mine.filter((p) => p.pending?.some((x) => !x.status || x.status === 'outstanding'));
  await importPolicyFeed(t.db, parsePolicyFeedText(demoFeedJson({ ...feed, policies: open as unknown as Record<string, unknown>[] })));
  return open.map((p) => ({
    policyNumber: p.policyNumber,
    pendingCodes: (p.pending ?? []).filter((x) => !x.status || x.status === 'outstanding').map((x) => x.code),
  }));
}
