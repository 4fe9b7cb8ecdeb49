import { z } from 'zod';
import type { Endpoint } from './endpoint';
import {
  accountNameSchema,
  companyNameSchema,
  mobileSchema,
  newPasswordSchema,
  pictureCodeIdSchema,
  pictureCodeSchema,
  smsCodeSchema,
  text,
  transportedPassword,
  usernameSchema,
  withSpellings,
} from './validation';

/** A mobile as get_mobile_by_account answers it: the middle four digits hidden. */
export const MASKED_MOBILE_PATTERN = /^1[3-9]\d\*{4}\d{4}$/;
const maskedOrFullMobileSchema = text(11).refine((v) => MASKED_MOBILE_PATTERN.test(v) || /^1[3-9]\d{9}$/.test(v), {
  message: 'mobilePattern',
});

const terminalTypeSchema = z.enum(['pc', 'mobile']);

export const accountExistsBodySchema = z.strictObject({ user_account: accountNameSchema });
export const mobileByAccountBodySchema = z.strictObject({ userAccount: accountNameSchema });

export const sendRegCodeBodySchema = z.strictObject({
  mobile: mobileSchema,
  req_session_id: pictureCodeIdSchema,
  check_code: pictureCodeSchema,
  user_account: usernameSchema.optional(),
});
export type SendRegCodeBody = z.infer<typeof sendRegCodeBodySchema>;

export const sendForgetSmsCodeBodySchema = z.strictObject({
  /** Ignored beyond its format: the code goes to the account's own number. */
  mobile: maskedOrFullMobileSchema.optional(),
  req_session_id: pictureCodeIdSchema,
  check_code: pictureCodeSchema,
  user_account: accountNameSchema,
});
export type SendForgetSmsCodeBody = z.infer<typeof sendForgetSmsCodeBodySchema>;

/** The account and the company, each under either of the two spellings the specification gives. */
export const quickRegBodySchema = withSpellings(
  z.strictObject({
    mobile: mobileSchema,
    sms_code: smsCodeSchema,
    /** The new password; the configured rule applies to its plain value. */
    user_pwd: transportedPassword(newPasswordSchema),
    terminalType: terminalTypeSchema.optional(),
    /**
     * Ticking the agreements is the browser's step; a payload may leave this out. An explicit
     * `false` says they were not accepted and is refused while agreements exist.
     */
    agreed: z.boolean().optional(),
  }),
  {
    user_account: { schema: usernameSchema, alias: 'user_name' },
    company_name: { schema: companyNameSchema, alias: 'enterprise_name' },
  },
);
export type QuickRegBody = z.output<typeof quickRegBodySchema>;
export const quickRegAnswerSchema = z.object({
  /** Real-name verification page to show as a QR code, when the platform has one configured. */
  qrUrl: z.string().optional(),
});

export const forgetResetPwdBodySchema = withSpellings(
  z.strictObject({
    mobile: maskedOrFullMobileSchema.optional(),
    sms_code: smsCodeSchema,
    new_pwd: transportedPassword(newPasswordSchema),
  }),
  { user_account: { schema: accountNameSchema, alias: 'user_name' } },
);
export type ForgetResetPwdBody = z.output<typeof forgetResetPwdBodySchema>;

export const agreementSchema = z.object({
  id: z.string(),
  /** 'register' or 'privacy'. */
  kind: z.string(),
  articleName: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  articleText: z.string(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** Company self-registration and password reset by SMS. */
export const registrationEndpoints = {
  isAccountExisted: {
    method: 'POST',
    path: '/omc/v/api/member/reg/is_account_existed',
    access: 'public',
    body: accountExistsBodySchema,
    answer: z.boolean(),
    summary: 'Whether an account name is taken (rate-limited per address)',
  },
  getMobileByAccount: {
    method: 'POST',
    path: '/omc/v/api/member/reg/get_mobile_by_account',
    access: 'public',
    body: mobileByAccountBodySchema,
    answer: z.string(),
    summary: "The account's mobile with the middle digits hidden (rate-limited per address)",
  },
  agreements: {
    method: 'GET',
    path: '/omc/v/api/member/reg/agreements',
    access: 'public',
    answer: z.array(agreementSchema),
    summary: 'The agreements a registering company must accept',
  },
  sendRegCode: {
    method: 'POST',
    path: '/omc/api/member/reg/send_reg_code',
    access: 'public',
    body: sendRegCodeBodySchema,
    answer: z.null(),
    summary: 'Checks the picture code and sends the registration SMS code',
  },
  sendForgetSmsCode: {
    method: 'POST',
    path: '/omc/api/member/reg/send_forget_sms_code',
    access: 'public',
    body: sendForgetSmsCodeBodySchema,
    answer: z.null(),
    summary: "Checks the picture code and sends the password-reset SMS code to the account's mobile",
  },
  quickReg: {
    method: 'POST',
    path: '/omc/api/member/reg/quick_reg',
    access: 'public',
    body: quickRegBodySchema,
    answer: quickRegAnswerSchema,
    summary: 'Registers a company and its first user',
  },
  forgetResetPwd: {
    method: 'POST',
    path: '/omc/api/member/reg/forget_reset_pwd',
    access: 'public',
    body: forgetResetPwdBodySchema,
    answer: z.null(),
    summary: "Sets a new password after the SMS code is checked; ends the user's sessions",
  },
} as const satisfies Record<string, Endpoint>;
