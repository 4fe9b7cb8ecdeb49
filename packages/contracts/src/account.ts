import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { publicSettingsSchema } from './settings';
import {
  dialogPasswordSchema,
  inputString,
  loginPasswordSchema,
  loginPictureCodeSchema,
  loginUsernameSchema,
  mobileSchema,
  pictureCodeIdSchema,
  pictureCodeSchema,
  smsCodeSchema,
  text,
  transportedPassword,
} from './validation';
import { MOBILE_PATTERN } from './validation-rules';

export const checkCodeSchema = z.object({
  /** The request id of this picture code; the browser keeps it in session storage as `cc`. */
  cc: z.string(),
  /** The picture as a data URL. */
  img: z.string(),
});
export type CheckCode = z.infer<typeof checkCodeSchema>;

export const tenantSchema = z.object({ tenant_id: z.string(), tenant_name: z.string(), kind_code: z.string() });
export type Tenant = z.infer<typeof tenantSchema>;

const optionalText = (max: number) => text(max).optional();

const terminalTypeSchema = z.enum(['pc', 'mobile']);

/** Password login with the picture code (the other way in is mobile + SMS code). */
export const passwordLoginBodySchema = z.strictObject({
  account: loginUsernameSchema,
  password: transportedPassword(loginPasswordSchema),
  check_code: loginPictureCodeSchema.optional(),
  req_code_session_id: inputString().max(64, { message: 'tooLong' }).optional(),
  login_ip: optionalText(64),
  tenantId: optionalText(64),
  kindCode: optionalText(64),
  terminal_type: terminalTypeSchema.optional(),
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBodySchema>;

/** Mobile login (mode a): the mobile as `account`, the SMS code and the token getVerifyCode answered. */
export const mobileLoginBodySchema = z.strictObject({
  account: mobileSchema,
  verify_code: smsCodeSchema,
  verify_code_token: inputString().min(1, { message: 'required' }).max(100, { message: 'tooLong' }),
  terminal_type: terminalTypeSchema.optional(),
});
export type MobileLoginBody = z.infer<typeof mobileLoginBodySchema>;

/**
 * submitLogin takes either mode. Written as one object refined by which fields are present rather
 * than z.union, so a refusal names the offending field instead of "no variant matched".
 */
export const submitLoginBodySchema = z
  .strictObject({
    ...passwordLoginBodySchema.shape,
    password: passwordLoginBodySchema.shape.password.optional(),
    verify_code: smsCodeSchema.optional(),
    verify_code_token: mobileLoginBodySchema.shape.verify_code_token.optional(),
  })
  .superRefine((body, ctx) => {
    const mobileMode = body.verify_code !== undefined || body.verify_code_token !== undefined;
    if (!mobileMode) {
      if (body.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
      return;
    }
    for (const key of ['password', 'check_code', 'req_code_session_id', 'tenantId', 'kindCode'] as const) {
      if (body[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'unknownField' });
    }
    if (body.verify_code === undefined) ctx.addIssue({ code: 'custom', path: ['verify_code'], message: 'required' });
    if (body.verify_code_token === undefined) ctx.addIssue({ code: 'custom', path: ['verify_code_token'], message: 'required' });
    if (!MOBILE_PATTERN.test(body.account)) ctx.addIssue({ code: 'custom', path: ['account'], message: 'mobilePattern' });
  });
export type SubmitLoginBody = PasswordLoginBody | MobileLoginBody;
/** What the server receives after validation: one of the two modes, as one flat object. */
export type SubmitLoginInput = z.output<typeof submitLoginBodySchema>;

/** Sends the login SMS code after a picture-code check (mode a). */
export const getVerifyCodeBodySchema = z.strictObject({
  mobile: mobileSchema,
  check_code: pictureCodeSchema,
  req_session_id: pictureCodeIdSchema,
  terminalType: terminalTypeSchema.optional(),
});
export type GetVerifyCodeBody = z.infer<typeof getVerifyCodeBodySchema>;
export const verifyCodeAnswerSchema = z.object({
  /** Binds the coming submitLogin to this mobile; sent back as `verify_code_token`. */
  checkCodeToken: z.string(),
});

export const securityKeySchema = z.object({
  /** RSA public key (SPKI, base64 DER) for RSA-OAEP with SHA-256. */
  key1: z.string(),
  /** The key's id, part of every value encrypted with it. */
  key2: z.string(),
});
export type SecurityKey = z.infer<typeof securityKeySchema>;

export const thirdPartyAuthsBodySchema = z.strictObject({
  /** Where the provider sends the person back: a path of this site or an http(s) URL. */
  redirectUrl: inputString()
    .trim()
    .min(1, { message: 'required' })
    .max(500, { message: 'tooLong' })
    .regex(/^(\/(?!\/)|https?:\/\/)/, { message: 'invalidFormat' }),
  identityType: inputString().trim().max(32, { message: 'tooLong' }).optional(),
  terminalType: terminalTypeSchema.optional(),
});

/** Change mobile, step 2: sends the SMS code to the new number after a picture-code check. */
export const modifyMobileSendBodySchema = z.strictObject({
  chkcode_req_id: pictureCodeIdSchema,
  chkcode: pictureCodeSchema,
  mobile: mobileSchema,
});
export type ModifyMobileSendBody = z.infer<typeof modifyMobileSendBodySchema>;
export const modifyMobileBodySchema = z.strictObject({
  /** The login password (plain within TLS, or encrypted with webEncryptType=rsa). */
  password: transportedPassword(dialogPasswordSchema),
  sms_code: smsCodeSchema,
  mobile: mobileSchema,
});
export type ModifyMobileBody = z.infer<typeof modifyMobileBodySchema>;

export const loginAnswerSchema = z.object({
  utoken: z.string(),
  user_token: z.string(),
  tn: z.string(),
  user_agent_name: z.string(),
  user_agent_operator_name: z.string(),
  user_agent_user_name: z.string(),
  user_agent_user_id: z.string(),
  user_agent_operator_code: z.string(),
  user_agent_raw_role_code: z.string(),
  user_agent_role_code: z.string(),
  /** The previous successful login (ISO), or empty on a first login. */
  last_login_date_time: z.string(),
  /** Option authorisations: the permission codes granted. */
  optAuths: z.array(z.string()),
  user_type: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const currentUserSchema = z.object({
  /**
   * The user's id: the value the trading calls take as companyUserId, buyerUserId and
   * supplierUserId for a company's account.
   */
  currUserId: z.string(),
  /** The same id under the personal-info form's name for it. */
  userId: z.string(),
  userName: z.string(),
  nickName: z.string(),
  realName: z.string(),
  mobilePhone: z.string(),
  email: z.string(),
  jobNo: z.string(),
  position: z.string(),
  fax: z.string(),
  certType: z.string(),
  certNo: z.string(),
  userType: z.string(),
  companyName: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  kindCode: z.string(),
  roleCodes: z.array(z.string()),
  lastLoginDateTime: z.string(),
  /** The name the top bar shows (nickName, else the account), as the sign-in answer calls it. */
  user_agent_name: z.string(),
  /** lastLoginDateTime under the sign-in answer's name. */
  last_login_date_time: z.string(),
  clientIp: z.string(),
  /** True while the account still has a default password (forced change). */
  defaultPassword: z.boolean(),
  locked: z.boolean(),
  /** For an operator: demo accounts still sign in with the passwords the README publishes (the shell warns). Always false for others. */
  publishedDemoPasswords: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const logoutQuerySchema = z.object({ tn: inputString().max(200).optional() });

export const accountEndpoints = {
  publicSettings: {
    method: 'GET',
    path: '/omc/api/sys/public_settings',
    access: 'public',
    answer: publicSettingsSchema,
    summary: 'Settings the browser reads at run time',
  },
  getCheckCode: {
    method: 'POST',
    path: '/gateway/getCheckCode',
    access: 'public',
    answer: checkCodeSchema,
    summary: 'A new picture code (also answers GET)',
  },
  getCheckCodeGet: {
    method: 'GET',
    path: '/gateway/getCheckCode',
    access: 'public',
    answer: checkCodeSchema,
    summary: 'A new picture code for the login form',
  },
  loginHasValidateCode: {
    method: 'GET',
    path: '/gateway/loginHasValidateCode',
    access: 'public',
    answer: z.boolean(),
    summary: 'Whether the login form needs a picture code',
  },
  getTenantList: {
    method: 'GET',
    path: '/gateway/getTenantList',
    access: 'public',
    answer: z.array(tenantSchema),
    summary: 'Tenants to choose from at login (tenant mode)',
  },
  submitLogin: {
    method: 'POST',
    path: '/omc/submitLogin',
    access: 'public',
    body: submitLoginBodySchema,
    answer: loginAnswerSchema,
    summary: 'Sign in by password (mode b) or by mobile and SMS code (mode a); sets the session cookie',
  },
  getVerifyCode: {
    method: 'POST',
    path: '/gateway/getVerifyCode',
    access: 'public',
    body: getVerifyCodeBodySchema,
    answer: verifyCodeAnswerSchema,
    summary: 'Checks the picture code and sends the login SMS code',
  },
  getSecurityKey: {
    method: 'POST',
    path: '/omc/getSecurityKey',
    access: 'public',
    answer: securityKeySchema,
    summary: 'The public key for encrypting password fields (webEncryptType=rsa)',
  },
  thirdPartyAuthsUrl: {
    method: 'POST',
    path: '/omc/api/third_auths/auths_url',
    access: 'public',
    body: thirdPartyAuthsBodySchema,
    answer: z.string(),
    summary: "The third-party provider's sign-in URL (404 THIRD_PARTY_OFF when none is configured)",
  },
  getCurrUser: {
    method: 'GET',
    path: '/omc/api/user/getCurrUser',
    access: 'session',
    answer: currentUserSchema,
    summary: 'The signed-in user',
  },
  logout: {
    method: 'GET',
    path: '/omc/api/user/logout',
    access: 'public',
    query: logoutQuerySchema,
    answer: z.null(),
    summary: 'Sign out; ends the session',
  },
} as const satisfies Record<string, Endpoint>;

/** Change mobile; the signed-in user's own number. */
export const mobileChangeEndpoints = {
  modifyMobileSend: {
    method: 'POST',
    path: '/omc/api/user/modify_mobile_send',
    access: 'session',
    body: modifyMobileSendBodySchema,
    answer: z.null(),
    summary: 'Checks the picture code and sends an SMS code to the new number',
  },
  modifyMobile: {
    method: 'POST',
    path: '/omc/api/user/modify_mobile',
    access: 'session',
    body: modifyMobileBodySchema,
    answer: z.null(),
    summary: 'Changes the mobile number after the login password and the SMS code are checked',
  },
} as const satisfies Record<string, Endpoint>;
