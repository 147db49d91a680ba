import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from './account-settings';
import {
  AUTH_MESSAGES,
  isPastCalendarDate,
  PASSWORD_MAX,
  PASSWORD_RULES,
  passwordStrengthError,
  signInSchema,
  signInErrorMessage,
  signUpErrorMessage,
  signUpSchema,
  TEXT_LIMIT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  twoFactorCodeSchema,
  twoFactorPasswordSchema,
} from './auth';

const validSignUp = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Analytic1!',
  dateOfBirth: '2004-12-10',
  taxResponsibility: true as const,
};

function messagesFor(schema: typeof signUpSchema | typeof signInSchema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('sign-in schema', () => {
  it('accepts a valid email and a 6-character password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });
  it('names the email format with an example', () => {
    expect(messagesFor(signInSchema, { email: 'not-an-email', password: '123456' })).toEqual({
      email: 'Please enter a valid email address (e.g., name@example.com).',
    });
  });
  it('refuses a password under 6 characters', () => {
    expect(messagesFor(signInSchema, { email: 'a@b.co', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters.',
    });
  });
});

describe('sign-up schema', () => {
  it('accepts a complete, valid sign-up', () => {
    expect(signUpSchema.safeParse(validSignUp).success).toBe(true);
  });

  it.each([
    ['firstName', 'A', 'First name must be at least 2 characters.'],
    ['lastName', '', 'Last name is required.'],
    ['email', 'ada@', 'Please enter a valid email address (e.g., name@example.com).'],
    ['password', 'Short1!', 'Password must be at least 8 characters long'],
    ['password', 'alllowercase1!', 'Password must include uppercase, lowercase, number, and special character.'],
    ['dateOfBirth', '', 'Date of birth is required.'],
    ['dateOfBirth', '2004-02-30', 'Please enter a valid date of birth.'],
    ['taxResponsibility', false, 'You must acknowledge your tax responsibility to proceed.'],
  ])('%s = %j shows "%s"', (field, value, message) => {
    expect(messagesFor(signUpSchema, { ...validSignUp, [field]: value })[field]).toBe(message);
  });

  it('a missing tax acknowledgement and date of birth are refused with their messages', () => {
    const { taxResponsibility: _t, dateOfBirth: _d, ...rest } = validSignUp;
    expect(messagesFor(signUpSchema, rest)).toEqual({
      taxResponsibility: AUTH_MESSAGES.taxResponsibilityRequired,
      dateOfBirth: AUTH_MESSAGES.dateOfBirthRequired,
    });
  });

  it('trims names and email', () => {
    const parsed = signUpSchema.parse({ ...validSignUp, firstName: '  Ada ', email: ' ada@example.com ' });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.email).toBe('ada@example.com');
  });
});

describe('password strength', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must include at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must include at least one lowercase letter'],
    ['Abcdefgh!', 'Password must include at least one number'],
    ['Abcdefgh1', 'Password must include at least one special character (e.g., !@#$%^&*)'],
    ['Abcdefg1!', null],
  ])('%j -> %j', (password, message) => {
    expect(passwordStrengthError(password)).toBe(message);
  });

  it('checks the rules in the stated order: the first failure is reported', () => {
    // Fails every rule: length is reported first.
    expect(passwordStrengthError('')).toBe(PASSWORD_RULES[0]!.message);
    // Long, only lowercase: the uppercase rule precedes lowercase, number and special.
    expect(passwordStrengthError('abcdefghij')).toBe('Password must include at least one uppercase letter');
    // Uppercase only: lowercase is next.
    expect(passwordStrengthError('ABCDEFGHIJ')).toBe('Password must include at least one lowercase letter');
  });

  it('any password built from every class and 8+ characters is strong', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 40 }), (extra) => {
        expect(passwordStrengthError(`Aa1!${extra}${'x'.repeat(4)}`)).toBeNull();
      }),
    );
  });

  it('the schema and the strength check agree', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const schemaOk = signUpSchema.shape.password.safeParse(password).success;
        expect(schemaOk).toBe(passwordStrengthError(password) === null);
      }),
    );
  });
});

describe('date of birth', () => {
  it('accepts real past days only', () => {
    expect(isPastCalendarDate('2000-02-29')).toBe(true);
    expect(isPastCalendarDate('2001-02-29')).toBe(false);
    expect(isPastCalendarDate('3000-01-01')).toBe(false);
    expect(isPastCalendarDate('01/02/2000')).toBe(false);
  });
  it('refuses tomorrow and anything more than 120 years ago', () => {
    const today = new Date('2026-06-15T12:00:00Z');
    expect(isPastCalendarDate('2026-06-15', today)).toBe(true);
    expect(isPastCalendarDate('2026-06-16', today)).toBe(false);
    expect(isPastCalendarDate('1906-06-15', today)).toBe(true);
    expect(isPastCalendarDate('1906-06-14', today)).toBe(false);
  });
});

describe('text maximums at sign-up', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    password: 'Sturdy-pass-1',
    dateOfBirth: '2000-01-01',
    taxResponsibility: true as const,
  };
  it.each([
    ['firstName', 'A'.repeat(51), 'Names must be at most 50 characters.'],
    ['lastName', 'L'.repeat(51), 'Names must be at most 50 characters.'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email addresses must be at most 254 characters.'],
    ['password', `Aa1!${'x'.repeat(125)}`, 'Password must be at most 128 characters.'],
  ])('%s over its maximum is refused with its message', (field, value, message) => {
    const result = signUpSchema.safeParse({ ...valid, [field]: value });
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('sign-up server errors', () => {
  it('an already registered email shows the sign-in hint and the matching toast', () => {
    expect(signUpErrorMessage('User already registered')).toEqual({
      message: 'This email is already registered. Please try signing in instead.',
      toast: 'Email already registered',
    });
    expect(
      signUpErrorMessage('User already exists. Use another email.', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL').toast,
    ).toBe('Email already registered');
  });
  it('anything else shows the server message or the default, with Signup failed', () => {
    expect(signUpErrorMessage('Boom')).toEqual({ message: 'Boom', toast: 'Signup failed' });
    expect(signUpErrorMessage(undefined)).toEqual({
      message: 'Failed to create account. Please try again later.',
      toast: 'Signup failed',
    });
  });
});

describe('sign-in server errors', () => {
  it('a refused sign-in shows the server message or the default, with the toast Failed to sign in', () => {
    expect(signInErrorMessage('Invalid email or password', 401)).toEqual({
      message: 'Invalid email or password',
      toast: 'Failed to sign in',
    });
    expect(signInErrorMessage(undefined, 401)).toEqual({
      message: 'Failed to sign in. Please check your credentials and try again.',
      toast: 'Failed to sign in',
    });
  });
  it('too many attempts keeps the server wait, else says to wait, and still toasts Failed to sign in', () => {
    expect(signInErrorMessage('Too many requests. Please try again in 15 minutes.', 429).message).toBe(
      'Too many requests. Please try again in 15 minutes.',
    );
    expect(signInErrorMessage('', 429)).toEqual({
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
      toast: 'Failed to sign in',
    });
  });
});

describe('two-factor dialog schemas', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error!.issues[0]!.message;

  it('the password step takes any password up to the maximum, and refuses an empty one', () => {
    expect(twoFactorPasswordSchema.parse({ password: ' x ' })).toEqual({ password: ' x ' });
    expect(twoFactorPasswordSchema.safeParse({ password: 'p'.repeat(PASSWORD_MAX) }).success).toBe(true);
    expect(firstMessage(twoFactorPasswordSchema.safeParse({ password: 'p'.repeat(PASSWORD_MAX + 1) }))).toBe(
      TEXT_LIMIT_MESSAGES.passwordTooLong,
    );
    expect(firstMessage(twoFactorPasswordSchema.safeParse({ password: '' }))).toBe(
      TWO_FACTOR_MESSAGES.passwordRequired,
    );
  });

  it('the code step takes six digits, spaces around them dropped', () => {
    expect(twoFactorCodeSchema.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12a456', '123 456', '']) {
      expect(firstMessage(twoFactorCodeSchema.safeParse({ code }))).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    }
  });

  it('a malformed code is refused with the words the dialog shows for a wrong one', () => {
    expect(TWO_FACTOR_MESSAGES.invalidCode).toBe(SETTINGS_MESSAGES.invalidCode);
    expect(TWO_FACTOR_MESSAGES.passwordRequired).toBe(SETTINGS_MESSAGES.confirmPasswordRequired);
  });
});
