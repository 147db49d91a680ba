import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema/profiles';
import { isAdmin } from './is-admin';

export interface CurrentAccount {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
}

/** What the shell needs about the signed-in user: their name, avatar and role. */
export async function getCurrentAccount(
  deps: { db: Db },
  user: { id: string; email: string; twoFactorEnabled?: boolean | null },
  _input: object = {},
): Promise<CurrentAccount> {
  const { db } = deps;
  const [profile] = await db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, user.id))
    .limit(1);
  return {
    id: user.id,
    email: user.email,
    firstName: profile?.firstName ?? null,
    lastName: profile?.lastName ?? null,
    avatarUrl: profile?.avatarUrl ?? null,
    isAdmin: await isAdmin(db, user.id),
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}
