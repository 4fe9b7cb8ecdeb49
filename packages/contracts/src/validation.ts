import { z } from 'zod';
import {
  CERT_NO_PATTERN,
  ENCRYPTED_MAX,
  FAX_PATTERN,
  LIMITS,
  MOBILE_PATTERN,
  SMS_CODE_PATTERN,
  USERNAME_PATTERN,
  hasForbiddenCharacter,
  isEncryptedPassword,
} from './validation-rules';

/**
 * The field schemas the server and the forms validate with, built from the plain rules of
 * validation-rules.ts. Each failure message is a key of the web's `validation` namespace; the
 * server turns it into the catalogue's VALIDATION message naming the field.
 */

/**
 * The one check every string that comes in passes first: no control characters (tab, line feed
 * and carriage return excepted), no bidirectional overrides, no broken surrogate halves. One
 * instance, so a test can see that a schema carries it.
 */
export const forbiddenCharacterCheck = z.refine<string>((value) => !hasForbiddenCharacter(value), { message: 'forbiddenCharacter' });

/** Where every input string field starts: a string that passed forbiddenCharacterCheck. */
export function inputString() {
  return z.string().check(forbiddenCharacterCheck);
}
/** Free text of at most `max` characters, trimmed; empty allowed. */
export function text(max: number) {
  return inputString().trim().max(max, { message: 'tooLong' });
}
/** Free text of 1 to `max` characters, trimmed. */
export function requiredText(max: number) {
  return text(max).min(1, { message: 'required' });
}
/** Multi-line or rich text (HTML from the editor) of at most `max` characters; kept as typed, not trimmed. */
export function longText(max: number) {
  return inputString().max(max, { message: 'tooLong' });
}

export const loginUsernameSchema = requiredText(LIMITS.usernameMax);
export const loginPasswordSchema = inputString()
  .min(LIMITS.loginPasswordMin, { message: 'passwordTooShort' })
  .max(LIMITS.passwordMax, { message: 'tooLong' });
export const loginPictureCodeSchema = text(LIMITS.loginPictureCodeMax);
export const mobileSchema = text(LIMITS.mobileMax).regex(MOBILE_PATTERN, { message: 'mobilePattern' });

/** Registration username: a letter, then 3-19 letters, digits or underscores. */
export const usernameSchema = requiredText(LIMITS.usernameMax).regex(USERNAME_PATTERN, { message: 'usernamePattern' });
/** An existing account name typed by a person (forgot password); only its length is checked. */
export const accountNameSchema = loginUsernameSchema;
export const companyNameSchema = requiredText(LIMITS.companyNameMax);
export const smsCodeSchema = text(LIMITS.smsCodeLength).regex(SMS_CODE_PATTERN, { message: 'smsCodePattern' });
/** A picture code outside the login form: exactly 4 characters. */
export const pictureCodeSchema = inputString()
  .trim()
  .min(1, { message: 'required' })
  .length(LIMITS.pictureCodeLength, { message: 'pictureCodeLength' });
/** The request id of a picture code (`cc`). */
export const pictureCodeIdSchema = inputString().min(1, { message: 'required' }).max(64, { message: 'tooLong' });
export const faxSchema = text(LIMITS.faxMax).regex(FAX_PATTERN, { message: 'faxPattern' });
export const certNoSchema = text(LIMITS.certNoMax).regex(CERT_NO_PATTERN, { message: 'certNoPattern' });
/** A new password before the configured rule is applied: present and within the maximum. */
export const newPasswordSchema = inputString().min(1, { message: 'required' }).max(LIMITS.passwordMax, { message: 'tooLong' });
/** The login password typed into the change-mobile dialog. */
export const dialogPasswordSchema = inputString()
  .min(1, { message: 'required' })
  .max(LIMITS.phoneDialogPasswordMax, { message: 'tooLong' });

/** A password field that is either plain (checked by `plain`) or encrypted. */
export function transportedPassword(plain: z.ZodType<string>) {
  return inputString().superRefine((value, ctx) => {
    if (isEncryptedPassword(value)) {
      if (value.length > ENCRYPTED_MAX) ctx.addIssue({ code: 'custom', message: 'tooLong' });
      return;
    }
    const parsed = plain.safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalidFormat' });
  });
}

/** A field the specifications spell two ways: the schema of its value and the other spelling. */
export interface Spelling<S extends z.ZodType = z.ZodType, Alias extends string = string> {
  schema: S;
  alias: Alias;
}
type SpellingsInput<F extends Record<string, Spelling>> = { [K in keyof F]?: z.input<F[K]['schema']> } & {
  [K in keyof F as F[K]['alias']]?: z.input<F[K]['schema']>;
};
type SpellingsOutput<F extends Record<string, Spelling>> = { [K in keyof F]: z.output<F[K]['schema']> };
/** The named fields of T, without the index signature an empty object schema infers. */
type NamedFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/**
 * Adds to `object` the fields the specifications give two spellings for (`user_account` or
 * `user_name`). A payload may carry either spelling, or both when they hold the same value; both
 * with different values is refused naming both, neither is refused as missing. The parsed body
 * holds the value under the first spelling only, so the server reads one name.
 */
export function withSpellings<O extends z.ZodObject, const F extends Record<string, Spelling>>(object: O, fields: F) {
  const spellings = Object.entries(fields);
  const added: Record<string, z.ZodType> = {};
  for (const [name, { schema, alias }] of spellings) {
    added[name] = schema.optional();
    added[alias] = schema.optional();
  }
  return object
    .extend(added)
    .superRefine((body: Record<string, unknown>, ctx) => {
      for (const [name, { alias }] of spellings) {
        if (body[name] === undefined && body[alias] === undefined) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'required' });
        } else if (body[name] !== undefined && body[alias] !== undefined && body[name] !== body[alias]) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'spellingsDiffer', params: { keys: [name, alias] } });
        }
      }
    })
    .transform((body: Record<string, unknown>) => {
      const merged = { ...body };
      for (const [name, { alias }] of spellings) {
        merged[name] = body[name] ?? body[alias];
        delete merged[alias];
      }
      return merged;
    }) as unknown as z.ZodType<NamedFields<z.output<O>> & SpellingsOutput<F>, NamedFields<z.input<O>> & SpellingsInput<F>>;
}
