import { z } from 'zod';
import {
  CERT_NO_PATTERN,
  ENCRYPTED_MAX,
  FAX_PATTERN,
  LIMITS,
  MOBILE_PATTERN,
  SMS_CODE_PATTERN,
  USERNAME_PATTERN,
  isEncryptedPassword,
} from './validation-rules';

/**
 * The field schemas the server and the forms validate with, built from the plain rules of
 * validation-rules.ts. Each failure message is a key of the web's `validation` namespace; the
 * server turns it into the catalogue's VALIDATION message naming the field.
 */
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
