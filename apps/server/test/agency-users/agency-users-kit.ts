import { eq } from 'drizzle-orm';
import type { AgencyUser, AgencyUserListResponse } from '@portal/domain/contracts/agency-users/list-agency-users';
import { appUser } from '../../src/db/schema/app-user.table';
import type { Advisor } from '../contacts/contact-client';
import type { TestApp } from '../helpers/test-app';

export const USERS = '/api/agency/v1/users';

/** The user's id, read from the database. */
export async function userId(t: TestApp, username: string): Promise<string> {
  const [row] = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/** The user's row on the admin's list (undefined when the list leaves them out). */
export async function listed(admin: Advisor, id: string): Promise<AgencyUser | undefined> {
  const res = await admin.get(USERS);
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return (res.json() as AgencyUserListResponse).items.find((u) => u.id === id);
}
