/** Every auth text of spec 1 section 8, verbatim; no zod here, so the first page load stays small. */

/** The example shown in the email message: the spec's "(e.g., {email})". */
export const EXAMPLE_EMAIL = 'name@example.com';

export const AUTH_MESSAGES = {
  invalidEmail: `Please enter a valid email address (e.g., ${EXAMPLE_EMAIL}).`,
  signInPasswordTooShort: 'Password must be at least 6 characters.',
  firstNameTooShort: 'First name must be at least 2 characters.',
  lastNameRequired: 'Last name is required.',
  passwordNotStrong: 'Password must include uppercase, lowercase, number, and special character.',
  taxResponsibilityRequired: 'You must acknowledge your tax responsibility to proceed.',
  dateOfBirthRequired: 'Date of birth is required.',
  dateOfBirthInvalid: 'Please enter a valid date of birth.',
  signInFailed: 'Failed to sign in. Please check your credentials and try again.',
  signInFailedToast: 'Failed to sign in',
  emailAlreadyRegistered: 'This email is already registered. Please try signing in instead.',
  emailAlreadyRegisteredToast: 'Email already registered',
  signUpFailed: 'Failed to create account. Please try again later.',
  signUpFailedToast: 'Signup failed',
  signedIn: 'Signed in successfully!',
  accountCreated: 'Account created successfully! Welcome to the product!',
  accountCreatedPleaseSignIn: 'Account created! Please sign in.',
  accountCreatedNoAutoLogin: 'Account created, but unable to log in automatically',
  signedOut: 'Signed out successfully',
  errorSigningIn: 'Error signing in',
  errorSigningUp: 'Error signing up',
  errorSigningOut: 'Error signing out',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
} as const;
