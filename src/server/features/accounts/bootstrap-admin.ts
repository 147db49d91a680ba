import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { channels } from '../../realtime/channels';
import type { EventBus } from '../../realtime/event-bus';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/database';
import { auditEvents } from '../../db/schema/audit';
import { twoFactors, users } from '../../db/schema/auth';
import { profiles, userRoles } from '../../db/schema/profiles';

export const ADMIN_BOOTSTRAPPED = 'admin.bootstrapped';
export const ADMIN_ROLE_REMOVED = 'admin.role-removed';

/** ADMIN_EMAIL and ADMIN_PASSWORD, already checked by the config schema (both or neither). */
export type AdminCredentials = { email: string; password: string };

/**
 * At start, the configured admin exists with the admin role and ADMIN_PASSWORD (the way Keycloak, Grafana and
 * Rocket.Chat bootstrap theirs; signing up never grants admin). An account that already had the address is taken
 * over: whoever signed up with the operator's address first loses the password, the sessions and any two-factor
 * they set. Later starts leave the bootstrapped admin alone while ADMIN_PASSWORD still signs in. An account that was
 * bootstrapped before under another address loses the role. Every change is an audit event.
 */
export async function bootstrapAdmin(db: Db, auth: Auth, bus: EventBus, admin: AdminCredentials | null): Promise<void> {
  const adminId = admin ? await ensureAdminAccount(db, auth, bus, admin) : null;
  await removeFormerAdmins(db, adminId);
}

async function ensureAdminAccount(db: Db, auth: Auth, bus: EventBus, admin: AdminCredentials): Promise<string> {
  const context = await auth.$context;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, admin.email.toLowerCase()));

  if (!existing) {
    // better-auth's own sign-up path (hash, user, credential account, our profile hook), without a session.
    const user = await context.internalAdapter.createUser(
      { email: admin.email, name: 'Admin', emailVerified: true },
      { method: 'email-password' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(admin.password),
    });
    await db.update(profiles).set({ firstName: 'Admin', lastName: 'SkillNest' }).where(eq(profiles.id, user.id));
    await grantAdmin(db, user.id, admin.email, 'created');
    return user.id;
  }

  const credential = await context.internalAdapter.findCredentialAccount(existing.id);
  const passwordHolds =
    !!credential?.password && (await context.password.verify({ hash: credential.password, password: admin.password }));
  const bootstrapped = await lastAdminEvent(db, existing.id);
  if (bootstrapped?.action === ADMIN_BOOTSTRAPPED && passwordHolds) {
    // Already ours and unchanged: keep its sessions and its two-factor. The role is put back if someone removed it.
    await db.insert(userRoles).values({ userId: existing.id, role: 'admin' }).onConflictDoNothing();
    return existing.id;
  }

  const hash = await context.password.hash(admin.password);
  if (credential) await context.internalAdapter.updatePassword(existing.id, hash);
  else {
    await context.internalAdapter.linkAccount({
      userId: existing.id,
      providerId: 'credential',
      accountId: existing.id,
      password: hash,
    });
  }
  await context.internalAdapter.deleteUserSessions(existing.id);
  // Other servers on the same database may still remember those sessions (their session caches, their sockets).
  bus.publish(channels.sessionsChanged, {});
  if (bootstrapped?.action !== ADMIN_BOOTSTRAPPED) {
    // A squatter's authenticator would keep the operator out of their own account.
    await db.delete(twoFactors).where(eq(twoFactors.userId, existing.id));
    await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, existing.id));
  }
  await grantAdmin(db, existing.id, admin.email, 'taken-over');
  return existing.id;
}

async function grantAdmin(db: Db, userId: string, email: string, how: 'created' | 'taken-over') {
  await db.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing();
  await db.insert(auditEvents).values({ action: ADMIN_BOOTSTRAPPED, subjectId: userId, details: { email, how } });
}

/** The latest bootstrap or removal recorded for an account. */
async function lastAdminEvent(db: Db, userId: string) {
  const [event] = await db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.subjectId, userId), inArray(auditEvents.action, [ADMIN_BOOTSTRAPPED, ADMIN_ROLE_REMOVED])),
    )
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return event ?? null;
}

/**
 * Accounts bootstrapped before that are no longer the configured admin lose the role, once: a role granted again
 * later by other means is not this start's business.
 */
async function removeFormerAdmins(db: Db, adminId: string | null) {
  const formerIds = await db
    .selectDistinct({ id: auditEvents.subjectId })
    .from(auditEvents)
    .where(eq(auditEvents.action, ADMIN_BOOTSTRAPPED));
  for (const { id } of formerIds) {
    if (!id || id === adminId) continue;
    if ((await lastAdminEvent(db, id))?.action !== ADMIN_BOOTSTRAPPED) continue;
    await db.transaction(async (tx) => {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.role, 'admin')));
      await tx.insert(auditEvents).values({
        action: ADMIN_ROLE_REMOVED,
        subjectId: id,
        details: { reason: 'no longer ADMIN_EMAIL' },
      });
    });
  }
}
