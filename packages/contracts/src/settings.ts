import { z } from 'zod';

/** The password rule shared by registration, reset and change. */
export const passwordRuleSchema = z.object({
  minLength: z.number().int().min(1).max(20),
  maxLength: z.number().int().min(1).max(20),
  minKinds: z.number().int().min(1).max(4),
});
export type PasswordRule = z.infer<typeof passwordRuleSchema>;

/**
 * The settings the browser reads at run time (`GET /omc/api/sys/public_settings`), so an operator
 * changes behaviour without a rebuild. Each is documented in the README's settings table.
 */
export const publicSettingsSchema = z.object({
  registerButton: z.boolean(),
  tenantMode: z.boolean(),
  isUnderscore: z.boolean(),
  xssEscape: z.boolean(),
  lowercaseUrls: z.boolean(),
  mergedMenu: z.boolean(),
  authVerification: z.boolean(),
  isToken: z.boolean(),
  isCasLogin: z.boolean(),
  isIARCasLogin: z.boolean(),
  isCasAdapter: z.boolean(),
  casUrl: z.string(),
  isFrame: z.boolean(),
  isUcf: z.boolean(),
  isI18n: z.boolean(),
  webEncryptType: z.enum(['none', 'rsa']),
  menusRootName: z.string(),
  isAllKeepAlive: z.boolean(),
  keepVisitedViewsOnReload: z.boolean(),
  jumpToHomeOnLocaleChange: z.boolean(),
  theme: z.string(),
  portalEnabled: z.boolean(),
  portalJump: z.boolean(),
  freeLogin: z.boolean(),
  firstPasswordCheck: z.boolean(),
  hideLockScreen: z.boolean(),
  tabLimit: z.number().int(),
  loginCheckCode: z.boolean(),
  buttonAuthList: z.array(z.string()).nullable(),
  passwordRule: passwordRuleSchema,
  smsResendSeconds: z.number().int(),
  thirdPartyLogin: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
