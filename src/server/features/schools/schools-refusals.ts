import { SCHOOL_TEXTS } from '../../../domain/schools';
import { AppError } from '../../errors';

/** The schools feature's refusals, on the shared codes, with the texts of src/domain/schools.ts. */
const REFUSALS = {
  schoolNotFound: ['NOT_FOUND', SCHOOL_TEXTS.schoolNotFound],
  domainNotFound: ['NOT_FOUND', SCHOOL_TEXTS.domainNotFound],
  nameTaken: ['CONFLICT', SCHOOL_TEXTS.nameTaken],
  tooManyDomains: ['CONFLICT', SCHOOL_TEXTS.tooManyDomains],
  tooManySchools: ['CONFLICT', SCHOOL_TEXTS.tooManySchools],
  lastDomain: ['CONFLICT', SCHOOL_TEXTS.lastDomain],
  notListed: ['BAD_INPUT', SCHOOL_TEXTS.notListed],
  tooManyLinks: ['RATE_LIMITED', SCHOOL_TEXTS.tooManyLinks],
  nothingPending: ['CONFLICT', SCHOOL_TEXTS.nothingPending],
  alreadyVerified: ['CONFLICT', SCHOOL_TEXTS.alreadyVerified],
  addressTaken: ['CONFLICT', SCHOOL_TEXTS.addressTaken],
  linkInvalid: ['NOT_FOUND', SCHOOL_TEXTS.linkInvalid],
  linkExpired: ['CONFLICT', SCHOOL_TEXTS.linkExpired],
} as const;

export type SchoolRefusal = keyof typeof REFUSALS;

export function refusal(which: SchoolRefusal): AppError {
  const [code, message] = REFUSALS[which];
  return new AppError(code, message);
}

/** A domain that another school (or this one) lists already, named in the refusal. */
export function domainTaken(domain: string): AppError {
  return new AppError('CONFLICT', SCHOOL_TEXTS.domainTaken(domain));
}

/** PostgreSQL's unique violation, with the constraint it names. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  // Drizzle wraps the driver's error in its own (cause).
  for (let depth = 0; current && typeof current === 'object' && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
