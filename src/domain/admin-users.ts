import { z } from 'zod';
import { AUDIT_LIMITS } from './audit';
import { ageGroup } from './profile';

/**
 * What admins do to accounts (spec 3 sections 2 and 6): delete, suspend, grant or remove
 * the admin role, export the newsletter. The rules and texts live here; the server enforces them, the web mirrors
 * them.
 *
 * Decided here (beyond the spec):
 * - An admin never deletes, suspends or demotes themself (their own Delete Account flow, with its password, is the
 *   way out), and the last admin never loses the role: someone must always be able to reach these pages.
 * - An admin is not suspended, and not deleted either: remove the role first (a suspended admin would still hold every
 *   admin right once the suspension ends; a deletion without an audited demotion first would let one new or stolen
 *   admin account remove every other admin, one click each).
 * - Only an adult (by the profile's date of birth) is made an admin: admins read every member's email and act on
 *   accounts in a community of minors. No date of birth is not an adult.
 * - Every action on an account (delete, suspend, lift, grant or remove the role) says why: the audit log keeps it.
 * - A suspension is for a number of days or indefinite, always with a reason the member sees when sign-in is refused;
 *   it ends their sessions at once, hides their services and requests, and ends by itself at its end date or when an
 *   admin lifts it.
 */

export const ADMIN_USER_LIMITS = {
  /** The reason an admin gives for a suspension, a deletion or a role change: what the audit log keeps. */
  reasonMax: AUDIT_LIMITS.reasonMax,
  /** Registered users per page of /admin/users. */
  pageSize: 50,
  /** The search box of /admin/users (name or email). */
  searchMax: 100,
  /** Newsletter-only subscriptions per page. */
  subscribersPageSize: 50,
  /** The most addresses one export holds (a text file an admin downloads). */
  exportMax: 100_000,
  /** The longest suspension with an end date, in days; longer is indefinite. */
  suspensionDaysMax: 365,
} as const;

/** The lengths offered in the Suspend dialog, in days; null is indefinite. */
export const SUSPENSION_CHOICES = [1, 3, 7, 30, 90, null] as const;
export type SuspensionDays = (typeof SUSPENSION_CHOICES)[number];

export const adminReasonSchema = z
  .string()
  .trim()
  .min(1, 'Please give a reason')
  .max(ADMIN_USER_LIMITS.reasonMax, `Keep the reason under ${ADMIN_USER_LIMITS.reasonMax} characters`);

/** A user id as better-auth makes them (a UUID), bounded whatever a client sends. */
const userIdSchema = z.string().min(1).max(64);

export const deleteUserSchema = z.object({ userId: userIdSchema, reason: adminReasonSchema });
export type DeleteUser = z.infer<typeof deleteUserSchema>;

export const setAdminRoleSchema = z.object({ userId: userIdSchema, admin: z.boolean(), reason: adminReasonSchema });
export type SetAdminRole = z.infer<typeof setAdminRoleSchema>;

export const unsuspendUserSchema = z.object({ userId: userIdSchema, reason: adminReasonSchema });
export type UnsuspendUser = z.infer<typeof unsuspendUserSchema>;

/** Who may hold the admin role: an adult by their profile's date of birth (none given is not an adult). */
export function mayBeAdmin(dateOfBirth: string | null | undefined, today: Date = new Date()): boolean {
  return ageGroup(dateOfBirth, today) === 'adult';
}

/** The refusals of the rules above that the web may show as they are. */
export const ADMIN_USER_REFUSALS = {
  deleteAdmin: 'Admins cannot be deleted. Remove the admin role first.',
  grantNotAdult: 'Only adults can be admins. This user is under 18 or has not given a date of birth.',
} as const;

export const suspendUserSchema = z.object({
  userId: userIdSchema,
  /** Whole days from now; null suspends until an admin lifts it. */
  days: z.number().int().min(1).max(ADMIN_USER_LIMITS.suspensionDaysMax).nullable(),
  reason: adminReasonSchema,
});
export type SuspendUser = z.infer<typeof suspendUserSchema>;

/**
 * The sign-in refusal a suspended member reads (with the end date, or none for an indefinite one). Without the reason
 * (null) when only the password has been given for an account with two-factor on: the admin's words are not for
 * someone holding only a leaked password.
 */
export function suspendedMessage(until: Date | null, reason: string | null): string {
  const when =
    until === null
      ? 'until further notice'
      : `until ${until.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}`;
  return reason === null
    ? `Your account is suspended ${when}.`
    : `Your account is suspended ${when}. Reason: ${reason}`;
}

/** Spec 3 section 8, verbatim. */
export const ADMIN_USER_TEXTS = {
  deleted: (email: string) => `User ${email} has been deleted successfully`,
  deleteFailed: (reason: string) => `Failed to delete user: ${reason || 'Unknown error'}`,
  exported: 'Newsletter subscriptions exported successfully',
} as const;

/** The export's file name: the date it was made (spec 3 section 9). */
export function newsletterExportFileName(now: Date): string {
  return `newsletter-subscribers-${now.toISOString().slice(0, 10)}.txt`;
}
