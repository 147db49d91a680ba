import { z } from 'zod';
import { AUTH_MESSAGES, FIRST_NAME_MIN, isPastCalendarDate } from './auth';

export const BIO_MAX = 500;
export const SCHOOL_MAX = 100;
export const NAME_MAX = 50;

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
  nameTooLong: `Names must be at most ${NAME_MAX} characters.`,
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
  firstName: z
    .string()
    .trim()
    .min(FIRST_NAME_MIN, { error: AUTH_MESSAGES.firstNameTooShort })
    .max(NAME_MAX, { error: PROFILE_MESSAGES.nameTooLong }),
  lastName: z
    .string()
    .trim()
    .min(1, { error: AUTH_MESSAGES.lastNameRequired })
    .max(NAME_MAX, { error: PROFILE_MESSAGES.nameTooLong }),
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
  if (!dateOfBirth || !isPastCalendarDate(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
}
