import { z } from 'zod';
import { defineListing, defineResource, resourceAction, resourceIdSchema } from './resource';
import { EMAIL_PATTERN, PROFILE_LIMITS } from './user';
import { inputString, mobileSchema, newPasswordSchema, requiredText, text, transportedPassword, usernameSchema } from './validation';
import { LIMITS } from './validation-rules';

/** Back-office resources (issue: back-office administration). Each is a contract the shared pattern serves. */

const idList = (max: number) => z.array(resourceIdSchema).max(max, { message: 'tooLong' });

/** Roles that ship with the product: their code never changes and they are never deleted. */
export const BUILTIN_ROLES = ['platform_admin', 'company_user'] as const;

/** A permission code: `area:action`, lower case. */
export const permissionCodeSchema = inputString()
  .trim()
  .max(100, { message: 'tooLong' })
  .regex(/^[a-z][a-z0-9-]*(:[a-z0-9-]+)+$/, { message: 'invalidFormat' });

// Tenants

export const tenantRowSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  kind_code: z.string(),
  /** How many accounts belong to the tenant (a tenant in use cannot be deleted). */
  userCount: z.number().int(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

export const tenantsResource = defineResource({
  name: 'tenants',
  permission: { view: 'system:view', edit: 'tenant:edit' },
  row: tenantRowSchema,
  filters: z.object({ tenant_name: text(100).optional() }),
  create: z.strictObject({
    tenant_id: requiredText(64).regex(/^[A-Za-z0-9_-]+$/, { message: 'invalidFormat' }),
    tenant_name: requiredText(100),
    kind_code: text(64).optional(),
  }),
  update: z.object({ tenant_name: requiredText(100), kind_code: text(64).optional() }),
});

// Users

/** operator: platform staff; comp: a company user; toVerified: a company awaiting verification. */
export const USER_TYPES = ['operator', 'comp', 'toVerified'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const userRowSchema = z.object({
  id: z.string(),
  account: z.string(),
  nick_name: z.string(),
  real_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  user_type: z.string(),
  company_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  enabled: z.boolean(),
  /** Locked after too many failed sign-ins (lifted by the unlock action or by time). */
  locked: z.boolean(),
  /** True while the password is a default one the user must change at the next sign-in. */
  defaultPassword: z.boolean(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  last_login_at: z.string(),
  last_login_ip: z.string(),
  created_at: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;

const optionalMobile = z.union([z.literal(''), mobileSchema]).optional();
const optionalEmail = text(PROFILE_LIMITS.emailMax)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: 'invalidFormat' })
  .optional();
const userFields = {
  nick_name: requiredText(PROFILE_LIMITS.nameMax),
  real_name: text(PROFILE_LIMITS.realNameMax).optional(),
  mobile: optionalMobile,
  email: optionalEmail,
  user_type: z.enum(USER_TYPES),
  /** A company user's company; created when no company has this name yet. Required unless an operator. */
  company_name: text(LIMITS.companyNameMax).optional(),
  tenant_id: text(64).optional(),
  roleIds: idList(50).default([]),
};

export const usersResource = defineResource({
  name: 'users',
  permission: { view: 'user:view', edit: 'user:edit' },
  row: userRowSchema,
  filters: z.object({
    /** Matches the account, nickname, real name or mobile. */
    keyword: text(40).optional(),
    user_type: z.enum(USER_TYPES).optional(),
    status: z.enum(['enabled', 'disabled']).optional(),
    tenant_id: text(64).optional(),
    role_id: resourceIdSchema.optional(),
  }),
  create: z.strictObject({
    account: usernameSchema,
    /** The initial password (plain within TLS, or encrypted); marked default, so the user changes it. */
    password: transportedPassword(newPasswordSchema),
    ...userFields,
  }),
  update: z.object(userFields),
  deletable: false,
});

const userIdBody = z.strictObject({ id: resourceIdSchema });
export const userActions = {
  setStatus: resourceAction(
    'users',
    'status',
    'user:edit',
    z.strictObject({ id: resourceIdSchema, enabled: z.boolean() }),
    userRowSchema,
    'Enable or disable an account; disabling ends its sessions',
  ),
  resetPassword: resourceAction(
    'users',
    'reset-password',
    'user:edit',
    z.strictObject({ id: resourceIdSchema, password: transportedPassword(newPasswordSchema) }),
    userRowSchema,
    'Set a new default password (forced change at the next sign-in); ends the sessions',
  ),
  unlock: resourceAction('users', 'unlock', 'user:edit', userIdBody, userRowSchema, 'Lift the lock after too many failed sign-ins'),
  options: resourceAction(
    'users',
    'options',
    'user:view',
    z.strictObject({}).optional(),
    z.object({
      roles: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
      tenants: z.array(z.object({ tenant_id: z.string(), tenant_name: z.string() })),
    }),
    'Roles and tenants a user can be given',
  ),
};

// Roles

export const roleRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Menus the role grants; a granted menu's ancestors are granted with it. */
  menuIds: z.array(z.string()),
  userCount: z.number().int(),
  builtin: z.boolean(),
  created_at: z.string(),
});
export type RoleRow = z.infer<typeof roleRowSchema>;

const roleGrants = {
  permissions: z.array(permissionCodeSchema).max(200, { message: 'tooLong' }).default([]),
  menuIds: idList(1000).default([]),
};
export const rolesResource = defineResource({
  name: 'roles',
  permission: { view: 'role:view', edit: 'role:edit' },
  row: roleRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject({
    code: requiredText(60).regex(/^[a-z][a-z0-9_]*$/, { message: 'invalidFormat' }),
    name: requiredText(100),
    ...roleGrants,
  }),
  update: z.object({ name: requiredText(100), ...roleGrants }),
});

/** A menu as the role editor's tree picker shows it. */
export const menuOptionSchema = z.object({ id: z.string(), parent_id: z.string(), title: z.string(), sort: z.number().int() });
export type MenuOption = z.infer<typeof menuOptionSchema>;
/** A permission as the role editor offers it: its code and what it allows, in the caller's language. */
export const permissionOptionSchema = z.object({ code: z.string(), title: z.string() });
/** The permissions one module declares, under the module's title. */
export const permissionGroupSchema = z.object({ key: z.string(), title: z.string(), permissions: z.array(permissionOptionSchema) });
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
export const roleActions = {
  permissionOptions: resourceAction(
    'roles',
    'permission-options',
    'role:view',
    z.strictObject({}).optional(),
    z.object({ groups: z.array(permissionGroupSchema) }),
    "Every permission the server's modules declare, by module, titled in the caller's language, for the role editor",
  ),
  menuOptions: resourceAction(
    'roles',
    'menu-options',
    'role:view',
    z.strictObject({}).optional(),
    z.object({ rootName: z.string(), menus: z.array(menuOptionSchema) }),
    "Every menu, titled in the caller's language, for the role editor's tree",
  ),
};

// Menus

export const MENU_TYPES = ['', 'iframe'] as const;
export const MENU_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const menuRowSchema = z.object({
  id: z.string(),
  parent_id: z.string(),
  name: z.string(),
  /** The zh-CN source title; en-US and zh-TW beside it. */
  title: z.string(),
  titleEn: z.string(),
  titleTw: z.string(),
  sysTitle: z.string(),
  url: z.string(),
  icon: z.string(),
  hidden: z.boolean(),
  menu_type: z.string(),
  menu_arg: z.string(),
  app_code: z.string(),
  kind_code: z.string(),
  system_code: z.string(),
  optRight: z.string(),
  otherPrefix: z.string(),
  newparam: z.string(),
  keepAlive: z.boolean(),
  style_type: z.string(),
  tempMenuTplId: z.string(),
  ext_field: z.string(),
  sort: z.number().int(),
  childCount: z.number().int(),
});
export type MenuRow = z.infer<typeof menuRowSchema>;

/** menu_arg is JSON text of an object handed to the page, or empty. */
const menuArgSchema = text(2000).refine(
  (v) => {
    if (v === '') return true;
    try {
      const parsed = JSON.parse(v) as unknown;
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
    } catch {
      return false;
    }
  },
  { message: 'invalidFormat' },
);
const code = (max: number) => text(max).regex(/^[A-Za-z0-9_.:-]*$/, { message: 'invalidFormat' });
const menuFields = {
  /** The root name (MENUS_ROOT_NAME) for a top-level menu, else an existing menu's id. */
  parent_id: requiredText(64).regex(MENU_ID_PATTERN, { message: 'invalidFormat' }),
  name: requiredText(100).regex(/^[A-Za-z][A-Za-z0-9_-]*$/, { message: 'invalidFormat' }),
  title: requiredText(100),
  titleEn: text(100).optional(),
  titleTw: text(100).optional(),
  sysTitle: text(100).optional(),
  /** A path of this app (`/admin/users`), or for an iframe menu an http(s) address; empty for a group. */
  url: text(500)
    .regex(/^(|\/(?!\/)\S*|https?:\/\/\S+)$/, { message: 'invalidFormat' })
    .optional(),
  icon: text(60)
    .regex(/^[A-Za-z]*$/, { message: 'invalidFormat' })
    .optional(),
  hidden: z.boolean().default(false),
  menu_type: z.enum(MENU_TYPES).default(''),
  menu_arg: menuArgSchema.optional(),
  app_code: code(60).optional(),
  kind_code: code(60).optional(),
  system_code: code(60).optional(),
  /** Comma-separated permission codes the page's buttons need. */
  optRight: text(200)
    .regex(/^[a-z0-9:,\s-]*$/, { message: 'invalidFormat' })
    .optional(),
  otherPrefix: text(100).optional(),
  newparam: text(200).optional(),
  keepAlive: z.boolean().default(true),
  style_type: code(20).optional(),
  tempMenuTplId: code(60).optional(),
  ext_field: text(2000).optional(),
  sort: z.number().int().min(0, { message: 'tooSmall' }).max(9999, { message: 'tooBig' }).default(0),
};

export const menusResource = defineResource({
  name: 'menus',
  permission: { view: 'menu:view', edit: 'menu:edit' },
  row: menuRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject({
    id: requiredText(64).regex(MENU_ID_PATTERN, { message: 'invalidFormat' }),
    ...menuFields,
  }),
  update: z.object(menuFields),
});

// Online sessions, login log, operation log

export const onlineSessionRowSchema = z.object({
  /** An opaque id of the session (not its token). */
  id: z.string(),
  userId: z.string(),
  account: z.string(),
  nickName: z.string(),
  terminal: z.string(),
  ip: z.string(),
  /** ISO times: signed in, last seen. */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  locked: z.boolean(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type OnlineSessionRow = z.infer<typeof onlineSessionRowSchema>;

export const onlineSessionsListing = defineListing({
  name: 'sessions',
  permission: { view: 'session:view' },
  row: onlineSessionRowSchema,
  filters: z.object({ account: text(LIMITS.usernameMax).optional() }),
});

export const sessionActions = {
  /** Ends every session of an account, as /omc/kickout does, and records it in the operation log. */
  kickout: resourceAction(
    'sessions',
    'kickout',
    'session:kickout',
    z.strictObject({ account: requiredText(LIMITS.usernameMax) }),
    z.object({ count: z.number().int() }),
    'Kick an account out: every session of it ends',
  ),
};

/** A time range filter: ISO date-times, inclusive. */
const isoTime = inputString().pipe(z.iso.datetime({ offset: true, message: 'invalidFormat' }));
const timeRange = { from: isoTime.optional(), to: isoTime.optional() };

export const loginLogRowSchema = z.object({
  id: z.string(),
  account: z.string(),
  userId: z.string(),
  /** login or logout. */
  kind: z.string(),
  /** success, wrong-credentials, wrong-sms-code, disabled. */
  result: z.string(),
  ip: z.string(),
  at: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

export const LOGIN_RESULTS = ['success', 'wrong-credentials', 'wrong-sms-code', 'disabled'] as const;
export const loginLogListing = defineListing({
  name: 'login-log',
  permission: { view: 'log:view' },
  row: loginLogRowSchema,
  filters: z.object({
    account: text(40).optional(),
    ip: text(64).optional(),
    kind: z.enum(['login', 'logout']).optional(),
    result: z.enum(LOGIN_RESULTS).optional(),
    ...timeRange,
  }),
});

export const operationLogRowSchema = z.object({
  id: z.string(),
  account: z.string(),
  ip: z.string(),
  resource: z.string(),
  action: z.string(),
  recordId: z.string(),
  /** The record before and after the write, as JSON text ('' when there was none). */
  before: z.string(),
  after: z.string(),
  at: z.string(),
});
export type OperationLogRow = z.infer<typeof operationLogRowSchema>;

export const operationLogListing = defineListing({
  name: 'operation-log',
  permission: { view: 'log:view' },
  row: operationLogRowSchema,
  filters: z.object({
    account: text(40).optional(),
    resource: text(60).optional(),
    action: text(30).optional(),
    recordId: text(64).optional(),
    ...timeRange,
  }),
});
