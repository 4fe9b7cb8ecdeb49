import { z } from 'zod';
import type { PasswordRule } from './settings';

/**
 * Field rules written once (account-and-shell.md section 5) and used by the forms and the server.
 * Each failure message is a key of the web's `validation` namespace; the server turns it into the
 * catalogue's VALIDATION message naming the field.
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

export const loginUsernameSchema = z.string().trim().min(1, { message: 'required' }).max(LIMITS.usernameMax, { message: 'tooLong' });
export const loginPasswordSchema = z
  .string()
  .min(LIMITS.loginPasswordMin, { message: 'passwordTooShort' })
  .max(LIMITS.passwordMax, { message: 'tooLong' });
export const loginPictureCodeSchema = z.string().trim().max(LIMITS.loginPictureCodeMax, { message: 'tooLong' });
export const mobileSchema = z
  .string()
  .trim()
  .max(LIMITS.mobileMax, { message: 'tooLong' })
  .regex(MOBILE_PATTERN, { message: 'mobilePattern' });

/** Registration username: a letter, then 3-19 letters, digits or underscores. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .max(LIMITS.usernameMax, { message: 'tooLong' })
  .regex(USERNAME_PATTERN, { message: 'usernamePattern' });
/** An existing account name typed by a person (forgot password); only its length is checked. */
export const accountNameSchema = loginUsernameSchema;
export const companyNameSchema = z.string().trim().min(1, { message: 'required' }).max(LIMITS.companyNameMax, { message: 'tooLong' });
export const smsCodeSchema = z
  .string()
  .trim()
  .max(LIMITS.smsCodeLength, { message: 'tooLong' })
  .regex(SMS_CODE_PATTERN, { message: 'smsCodePattern' });
/** A picture code outside the login form: exactly 4 characters. */
export const pictureCodeSchema = z
  .string()
  .trim()
  .min(1, { message: 'required' })
  .length(LIMITS.pictureCodeLength, { message: 'pictureCodeLength' });
/** The request id of a picture code (`cc`). */
export const pictureCodeIdSchema = z.string().min(1, { message: 'required' }).max(64, { message: 'tooLong' });
export const faxSchema = z.string().trim().max(LIMITS.faxMax, { message: 'tooLong' }).regex(FAX_PATTERN, { message: 'faxPattern' });
export const certNoSchema = z
  .string()
  .trim()
  .max(LIMITS.certNoMax, { message: 'tooLong' })
  .regex(CERT_NO_PATTERN, { message: 'certNoPattern' });
/** A new password before the configured rule is applied: present and within the maximum. */
export const newPasswordSchema = z.string().min(1, { message: 'required' }).max(LIMITS.passwordMax, { message: 'tooLong' });
/** The login password typed into the change-mobile dialog. */
export const dialogPasswordSchema = z.string().min(1, { message: 'required' }).max(LIMITS.phoneDialogPasswordMax, { message: 'tooLong' });

/** True when the confirmation is non-empty and equal to the password. */
export function confirmationMatches(password: string, confirmation: string): boolean {
  return confirmation.length > 0 && confirmation === password;
}

/**
 * Password fields may travel RSA-OAEP encrypted (`webEncryptType=rsa`) as `rsa:<key id>:<base64>`.
 * The plain rule applies to the decrypted value on the server; here only the envelope is checked.
 */
export const ENCRYPTED_PREFIX = 'rsa:';
const ENCRYPTED_MAX = 1024;
export function isEncryptedPassword(value: string): boolean {
  return value.startsWith(ENCRYPTED_PREFIX);
}

/** A password field that is either plain (checked by `plain`) or encrypted. */
export function transportedPassword(plain: z.ZodType<string>) {
  return z.string().superRefine((value, ctx) => {
    if (isEncryptedPassword(value)) {
      if (value.length > ENCRYPTED_MAX) ctx.addIssue({ code: 'custom', message: 'tooLong' });
      return;
    }
    const parsed = plain.safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalidFormat' });
  });
}
