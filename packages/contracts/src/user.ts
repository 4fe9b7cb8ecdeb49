import { z } from 'zod';
import { currentUserSchema } from './account';
import type { Endpoint } from './endpoint';
import { inputString, newPasswordSchema, text, transportedPassword } from './validation';
import { CERT_NO_PATTERN, FAX_PATTERN, LIMITS } from './validation-rules';

/** Field limits of the personal-info form. */
export const PROFILE_LIMITS = {
  nameMax: 16,
  realNameMax: 16,
  jobNoMax: 20,
  emailMax: 30,
  positionMax: 30,
  faxMax: LIMITS.faxMax,
  certNoMax: LIMITS.certNoMax,
  mobileMax: LIMITS.mobileMax,
} as const;

/** Identity types: 0 ID card, 1 driving licence, 2 passport, 3 officer card, 4 other; '' none chosen. */
export const CERT_TYPES = ['0', '1', '2', '3', '4'] as const;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/** modifyCurrUserInfo. Omitted fields stay as they are; mobilePhone is read-only and ignored. */
export const personalInfoBodySchema = z.strictObject({
  /** When sent, it must be the signed-in user's own id. */
  userId: inputString().max(20, { message: 'tooLong' }).optional(),
  /** The name shown across the product (the top bar's nickname). */
  name: text(PROFILE_LIMITS.nameMax).min(1, { message: 'required' }),
  realName: text(PROFILE_LIMITS.realNameMax).optional(),
  mobilePhone: inputString().max(PROFILE_LIMITS.mobileMax, { message: 'tooLong' }).optional(),
  email: text(PROFILE_LIMITS.emailMax)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: 'invalidFormat' })
    .optional(),
  jobNo: text(PROFILE_LIMITS.jobNoMax).optional(),
  position: text(PROFILE_LIMITS.positionMax).optional(),
  fax: text(PROFILE_LIMITS.faxMax)
    .refine((v) => v === '' || FAX_PATTERN.test(v), { message: 'faxPattern' })
    .optional(),
  certType: z.enum(['', ...CERT_TYPES]).optional(),
  certNo: text(PROFILE_LIMITS.certNoMax).regex(CERT_NO_PATTERN, { message: 'certNoPattern' }).optional(),
});
export type PersonalInfoBody = z.infer<typeof personalInfoBodySchema>;

/**
 * resetPwd: `pwd` is the current password, `resetedPwd` the new one; both
 * plain within TLS or encrypted with webEncryptType=rsa. The configured rule is checked on the server.
 */
export const resetPasswordBodySchema = z.strictObject({
  pwd: transportedPassword(newPasswordSchema),
  resetedPwd: transportedPassword(newPasswordSchema),
  pwdType: z.literal('password').optional(),
  tn: inputString().max(200, { message: 'tooLong' }).optional(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const unlockBodySchema = z.strictObject({
  password: transportedPassword(newPasswordSchema),
});
export type UnlockBody = z.infer<typeof unlockBodySchema>;

/** kickout: `key` is an account name; every session of that account ends. */
export const kickoutBodySchema = z.strictObject({
  key: inputString().trim().min(1, { message: 'required' }).max(LIMITS.usernameMax, { message: 'tooLong' }),
});

/** Entry by a token handed over in a URL; the server checks it before anything is trusted. */
export const tokenEntryBodySchema = z.strictObject({
  token: inputString().min(1, { message: 'required' }).max(200, { message: 'tooLong' }),
});

/** Whose account an entry token opens, shown for confirmation before the browser switches to it. */
export const tokenEntryPreviewSchema = z.object({
  userName: z.string(),
  nickName: z.string(),
  companyName: z.string(),
});
export type TokenEntryPreview = z.infer<typeof tokenEntryPreviewSchema>;

export const permissionsQuerySchema = z.strictObject({
  /** A cache-busting time stamp the browser may send. */
  time: inputString().max(20, { message: 'tooLong' }).optional(),
});

/** The permission map: auth code -> granted. */
export const permissionMapSchema = z.record(z.string(), z.boolean());
export type PermissionMap = z.infer<typeof permissionMapSchema>;

export const userEndpoints = {
  getUserPermissions: {
    method: 'GET',
    path: '/omc/api/user/getUserPermissions',
    aliases: ['/omc/api/user//getUserPermissions'],
    access: 'session',
    query: permissionsQuerySchema,
    answer: permissionMapSchema,
    summary: "The signed-in user's permission map (also answers the spec's double-slash path)",
  },
  checkDefaultPwd: {
    method: 'GET',
    path: '/omc/api/user/checkDefaultPwd',
    access: 'session',
    answer: z.object({ result: z.boolean() }),
    summary: 'Whether the password is still a default one that must be changed',
  },
  resetPwd: {
    method: 'POST',
    path: '/omc/api/user/resetPwd',
    access: 'session',
    body: resetPasswordBodySchema,
    answer: z.null(),
    summary: 'Change the own password; every session of the user ends (forced logout)',
  },
  modifyCurrUserInfo: {
    method: 'POST',
    path: '/omc/api/user/modifyCurrUserInfo',
    access: 'session',
    body: personalInfoBodySchema,
    answer: currentUserSchema,
    summary: 'Save the personal info of the signed-in user',
  },
  lock: {
    method: 'POST',
    path: '/omc/api/user/lock',
    access: 'session',
    answer: z.null(),
    summary: 'Lock the screen: every call except unlock and logout answers -5 until unlocked',
  },
  unlock: {
    method: 'POST',
    path: '/omc/api/user/unlock',
    access: 'session',
    body: unlockBodySchema,
    answer: z.null(),
    summary: 'Unlock the screen with the sign-in password',
  },
  tokenEntryPreview: {
    method: 'POST',
    path: '/omc/api/user/tokenEntryPreview',
    access: 'public',
    body: tokenEntryBodySchema,
    answer: tokenEntryPreviewSchema,
    summary: 'Whose account an entry token opens (the browser asks the person before adopting it)',
  },
  tokenEntry: {
    method: 'POST',
    path: '/omc/api/user/tokenEntry',
    access: 'public',
    body: tokenEntryBodySchema,
    answer: currentUserSchema,
    summary: 'Adopt a session token handed over in an entry URL, once the person confirmed its account',
  },
  kickout: {
    method: 'POST',
    path: '/omc/kickout',
    access: { permission: 'session:kickout' },
    body: kickoutBodySchema,
    answer: z.object({ count: z.number().int() }),
    summary: 'End every session of an account (operators)',
  },
} as const satisfies Record<string, Endpoint>;
