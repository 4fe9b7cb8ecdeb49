import type { PasswordRule } from './settings';

/**
 * Field rules written once: limits, patterns and the password
 * checks, without zod, so the login page and the portal use them without downloading the schemas.
 * validation.ts builds the schemas the server and the forms validate with from these.
 */
export const LIMITS = {
  usernameMax: 20,
  passwordMax: 20,
  companyNameMax: 50,
  mobileMax: 11,
  smsCodeLength: 6,
  pictureCodeLength: 4,
  loginPictureCodeMax: 5,
  loginPasswordMin: 6,
  phoneDialogPasswordMax: 30,
  qrSize: 180,
  faxMax: 20,
  certNoMax: 40,
} as const;

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const FAX_PATTERN = /^(\d{3,4}-?)?\d{7,8}$/;
export const CERT_NO_PATTERN = /^[A-Za-z0-9]*$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
const SYMBOLS = /[!-/:-@[-`{-~]/;

/**
 * Characters no string that comes in may carry: control characters other than tab, line feed and
 * carriage return (NUL among them, which PostgreSQL cannot store), the bidirectional embeddings,
 * overrides and isolates that make a name or a title read differently from what it holds
 * (U+202A-U+202E, U+2066-U+2069), and half of a surrogate pair, which has no UTF-8 form.
 */
const FORBIDDEN_CHARACTER =
  // eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the value holds a character no input may carry (see FORBIDDEN_CHARACTER). */
export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN_CHARACTER.test(value);
}

/** How many of the four kinds (lower, upper, digit, ASCII punctuation) a password has. */
export function passwordKinds(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, SYMBOLS].filter((re) => re.test(password)).length;
}

/** The strength hint: weak with one kind, general with two, complex with more. */
export function passwordStrength(password: string): 'weak' | 'general' | 'complex' | null {
  const kinds = passwordKinds(password);
  if (!password) return null;
  return kinds <= 1 ? 'weak' : kinds === 2 ? 'general' : 'complex';
}

/** True when the password satisfies the configured rule. */
export function passwordMeetsRule(password: string, rule: PasswordRule): boolean {
  return password.length >= rule.minLength && password.length <= rule.maxLength && passwordKinds(password) >= rule.minKinds;
}

/** True when the confirmation is non-empty and equal to the password. */
export function confirmationMatches(password: string, confirmation: string): boolean {
  return confirmation.length > 0 && confirmation === password;
}

/**
 * Password fields may travel RSA-OAEP encrypted (`webEncryptType=rsa`) as `rsa:<key id>:<base64>`.
 * The plain rule applies to the decrypted value on the server; the schemas check only the envelope.
 */
export const ENCRYPTED_PREFIX = 'rsa:';
export const ENCRYPTED_MAX = 1024;
export function isEncryptedPassword(value: string): boolean {
  return value.startsWith(ENCRYPTED_PREFIX);
}
