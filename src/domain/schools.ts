import { z } from 'zod';

/**
 * Schools that verify their students (the landing page's "verified through their schools"): admins list schools with
 * their email domains; a member proves they study at one by opening a link sent to their school address. The profile,
 * the service cards and the service page then show the school's name; the address itself stays the member's.
 *
 * Decided here:
 * - A domain matches exactly (the part after "@", lower-cased): `mail.school.edu` is a domain of its own to list.
 * - A domain belongs to one school only; a school keeps at least one domain (remove the school instead).
 * - One school address per member; a new one replaces the old and its mark until it is confirmed.
 * - A link is single use and lasts 48 hours; asking for a new one voids the previous link.
 */

export const SCHOOL_LIMITS = {
  nameMax: 100,
  /** Domains one school may list. */
  domainsMax: 10,
  /** RFC 1035: a name of at most 253 characters, labels of at most 63. */
  domainMax: 253,
  /** RFC 5321's longest address. */
  addressMax: 254,
  /** Schools an admin may list in all; the list is one page. */
  schoolsMax: 2000,
  /** How long a confirmation link works. */
  linkHours: 48,
  /** Confirmation emails one member may ask for in LINKS_WINDOW_HOURS (a new address or a new link). */
  linksPerWindow: 5,
  linksWindowHours: 24,
  /** A token as the link carries it (32 random bytes, base64url), bounded whatever a client sends. */
  tokenMax: 200,
} as const;

export const SCHOOL_TEXTS = {
  emailVerified: 'Email verified',
  sectionTitle: 'School email',
  sectionDescription: 'Confirm your school address to show "Verified student" on your profile and services.',
  addressLabel: 'School email address',
  addressPrivate: 'Only you see this address. Others see the name of your school.',
  send: 'Send confirmation link',
  sent: 'Confirmation link sent. Check your school inbox.',
  sendFailed: 'Failed to send the confirmation link',
  resend: 'Send a new link',
  pending: (address: string) => `We sent a confirmation link to ${address}. It works for 48 hours.`,
  verified: (school: string) => `Verified through ${school}`,
  remove: 'Remove school email',
  removed: 'School email removed',
  removeFailed: 'Failed to remove the school email',
  notListed: 'That address is not from a listed school. Use the email address your school gave you.',
  tooManyLinks: `You can ask for ${SCHOOL_LIMITS.linksPerWindow} confirmation links a day. Please try again later.`,
  nothingPending: 'There is no school address waiting for confirmation.',
  alreadyVerified: 'This school address is already verified.',
  addressTaken: 'This school address already verifies another account. One address verifies one student.',
  invalidAddress: 'Please enter a valid email address',
  // The verification page.
  verifyTitle: 'School email',
  verifying: 'Confirming your school email...',
  confirm: 'Confirm my school email',
  verifiedPage: (school: string) =>
    `Your school email is confirmed. Your profile now shows Verified student · ${school}.`,
  linkInvalid: 'This link is not valid or was already used. Ask for a new one in Settings.',
  linkExpired: 'This link has expired. Ask for a new one in Settings.',
  linkMissing: 'This link is incomplete. Open the link from the email again.',
  // Admin.
  adminTitle: 'Schools',
  adminDescription: 'Members verify their student status with an address at one of these domains.',
  schoolNameLabel: 'School name',
  domainsLabel: 'Email domains',
  domainsHint: 'One or more, separated by commas or spaces: school.edu, students.school.edu',
  domainLabel: 'New domain',
  add: 'Add School',
  added: 'School added',
  addFailed: 'Failed to add the school',
  renamed: 'School renamed',
  renameFailed: 'Failed to rename the school',
  schoolRemoved: 'School removed',
  schoolRemoveFailed: 'Failed to remove the school',
  domainAdded: 'Domain added',
  domainAddFailed: 'Failed to add the domain',
  domainRemoved: 'Domain removed',
  domainRemoveFailed: 'Failed to remove the domain',
  noSchools: 'No schools yet. Add one so its students can verify.',
  nameTaken: 'A school with that name is already listed',
  domainTaken: (domain: string) => `${domain} already belongs to a listed school`,
  tooManyDomains: `A school lists at most ${SCHOOL_LIMITS.domainsMax} domains`,
  lastDomain: 'A school keeps at least one domain. Remove the school instead.',
  schoolNotFound: 'School not found',
  domainNotFound: 'Domain not found',
  tooManySchools: `At most ${SCHOOL_LIMITS.schoolsMax} schools can be listed`,
} as const;

/** What the profile, the cards and the service page show for a verified member. */
export function verifiedStudentLabel(schoolName: string): string {
  return `Verified student · ${schoolName}`;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** Two labels at least, the last alphabetic (a top-level domain, punycode allowed). */
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);

/** A domain as stored: lower-case, no "@", no trailing dot, each label as DNS allows. */
export function isValidDomain(domain: string): boolean {
  return domain.length <= SCHOOL_LIMITS.domainMax && DOMAIN.test(domain);
}

export const schoolDomainSchema = z
  .string()
  .trim()
  .max(SCHOOL_LIMITS.domainMax, `A domain has at most ${SCHOOL_LIMITS.domainMax} characters`)
  .transform((d) => d.toLowerCase().replace(/^@/, ''))
  .refine(isValidDomain, 'Please enter a domain like school.edu');

export const schoolNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the school name')
  .max(SCHOOL_LIMITS.nameMax, `A school name has at most ${SCHOOL_LIMITS.nameMax} characters`);

const uniqueDomains = (domains: string[]) => new Set(domains).size === domains.length;

export const createSchoolSchema = z.object({
  name: schoolNameSchema,
  domains: z
    .array(schoolDomainSchema)
    .min(1, 'Add at least one domain')
    .max(SCHOOL_LIMITS.domainsMax, SCHOOL_TEXTS.tooManyDomains)
    .refine(uniqueDomains, 'Each domain once, please'),
});
export type CreateSchool = z.infer<typeof createSchoolSchema>;

const schoolIdSchema = z.uuid();

export const renameSchoolSchema = z.object({ schoolId: schoolIdSchema, name: schoolNameSchema });
export type RenameSchool = z.infer<typeof renameSchoolSchema>;

export const removeSchoolSchema = z.object({ schoolId: schoolIdSchema });
export type RemoveSchool = z.infer<typeof removeSchoolSchema>;

export const addSchoolDomainSchema = z.object({ schoolId: schoolIdSchema, domain: schoolDomainSchema });
export type AddSchoolDomain = z.infer<typeof addSchoolDomainSchema>;

export const removeSchoolDomainSchema = z.object({ domainId: z.uuid() });
export type RemoveSchoolDomain = z.infer<typeof removeSchoolDomainSchema>;

/** The admin form's one text box: domains split on commas and white space. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

export const schoolAddressSchema = z.object({
  address: z
    .string()
    .trim()
    .max(SCHOOL_LIMITS.addressMax, `An email address has at most ${SCHOOL_LIMITS.addressMax} characters`)
    .pipe(z.email(SCHOOL_TEXTS.invalidAddress))
    .transform((a) => a.toLowerCase()),
});
export type SchoolAddress = z.infer<typeof schoolAddressSchema>;

/** The domain an address is judged by: everything after its last "@". */
export function domainOfAddress(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export const verifySchoolTokenSchema = z.object({ token: z.string().trim().min(1).max(SCHOOL_LIMITS.tokenMax) });
export type VerifySchoolToken = z.infer<typeof verifySchoolTokenSchema>;

/** The confirmation email (an account email: no unsubscribe). */
export const SCHOOL_EMAIL = {
  subject: 'Confirm your school email',
  preview: 'Confirm that this address is yours to show Verified student on your profile',
  heading: 'Confirm your school email',
  paragraphs: (school: string) => [
    `Someone (we hope you) asked to verify this address for ${school} on SkillNest.`,
    'Open the link within 48 hours to show Verified student on your profile. If this was not you, ignore this email: nothing changes.',
  ],
  action: 'Confirm school email',
} as const;

/** The page a confirmation link opens. */
export const verifySchoolPath = (token: string) => `/verify-school?token=${encodeURIComponent(token)}`;
