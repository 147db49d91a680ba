import { z } from 'zod';
import {
  AUTH_MESSAGES,
  firstNameSchema,
  isPastCalendarDate,
  lastNameSchema,
  NAME_MAX,
  parseCalendarDate,
  TEXT_LIMIT_MESSAGES,
} from './auth';

export { NAME_MAX };
export const BIO_MAX = 500;
export const SCHOOL_MAX = 100;
/** Whoever is this old or older decides their own payouts. */
export const ADULT_AGE_YEARS = 18;

export const PROFILE_MESSAGES = {
  loadFailed: 'Could not load profile data.',
  unexpected: 'An unexpected error occurred.',
  updateFailed: 'Failed to update profile',
  updated: 'Profile updated successfully',
  avatarUploaded: 'Avatar uploaded successfully',
  avatarFailed: 'Failed to upload avatar',
  avatarFailedDefault: 'Error uploading avatar',
  notAuthenticated: 'User not authenticated',
  mustBeLoggedIn: 'You must be logged in to view this page',
  noProviderId: 'No provider ID specified',
  providerNotFound: 'Provider profile not found',
  bioTooLong: `Bio must be at most ${BIO_MAX} characters.`,
  schoolTooLong: `School must be at most ${SCHOOL_MAX} characters.`,
  nameTooLong: TEXT_LIMIT_MESSAGES.nameTooLong,
  dateOfBirthLocked: 'Contact support to correct your date of birth',
} as const;

/** Empty text fields are stored as null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .transform((v) => (v === '' ? null : v));

/** The editable part of My Profile. The date of birth may be cleared but never invalid. */
export const profileUpdateSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  bio: optionalText(BIO_MAX, PROFILE_MESSAGES.bioTooLong),
  school: optionalText(SCHOOL_MAX, PROFILE_MESSAGES.schoolTooLong),
  dateOfBirth: z
    .string()
    .trim()
    .refine((v) => v === '' || isPastCalendarDate(v), { error: AUTH_MESSAGES.dateOfBirthInvalid })
    .transform((v) => (v === '' ? null : v)),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Age in full years on `today`; null when the date is missing or invalid. */
export function ageInYears(dateOfBirth: string | null | undefined, today: Date = new Date()): number | null {
  // A stored date is only parsed here: the 120-year rule is for what people type, not for ageing rows.
  if (!dateOfBirth || !parseCalendarDate(dateOfBirth) || parseCalendarDate(dateOfBirth)!.getTime() > today.getTime())
    return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}

/** Adult, minor, or unknown (no date): what the payout rules decide on. */
export function ageGroup(dateOfBirth: string | null | undefined, today: Date = new Date()) {
  const age = ageInYears(dateOfBirth, today);
  if (age === null) return 'unknown' as const;
  return age >= ADULT_AGE_YEARS ? ('adult' as const) : ('minor' as const);
}

/**
 * Once a payout account exists or the date of birth has decided the minor flow, the date of birth
 * may still be corrected, but not in a way that moves the user across 18 (or clears it): a minor cannot make
 * themselves an adult and onboard payouts alone. Support corrects such mistakes.
 */
export function dateOfBirthChangeRefused(
  profile: { dateOfBirth: string | null; dateOfBirthLockedAt: Date | null; stripeAccountId: string | null },
  next: string | null,
  today: Date = new Date(),
): boolean {
  const locked = profile.dateOfBirthLockedAt !== null || profile.stripeAccountId !== null;
  return locked && next !== profile.dateOfBirth && ageGroup(next, today) !== ageGroup(profile.dateOfBirth, today);
}
