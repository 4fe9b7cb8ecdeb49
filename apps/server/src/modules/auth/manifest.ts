import { publicSettings } from '../../settings';
import { accountsOnPublishedPasswords } from '../../db/published-passwords';
import { foundation } from './migrations/001-foundation';
import { account } from './migrations/002-account';
import type { AccessDeps } from '../../platform/http';
import { defineModule } from '../../platform/module';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createPasswordTransport, type PasswordTransport } from './password-transport';
import { createLoginLogRepo, createTenantsRepo, createUsersRepo, type UsersRepo } from './auth.repo';

declare module '../../platform/module' {
  interface ProvidedServices {
    auth: AuthService;
    /** Whether a signed-in user holds a permission: what every route's access check asks. */
    access: AccessDeps;
    usersRepo: UsersRepo;
    passwordTransport: PasswordTransport;
  }
}

/** Sign-in, sign-out, the session's user and permissions, and account locks. */
export const authModule = defineModule({
  name: 'auth',
  migrations: { '001-foundation': foundation, '002-account': account },
  settings: [
    'WEB_ENCRYPT_TYPE',
    'LOGIN_CHECK_CODE',
    'TENANT_MODE',
    'LOGIN_MAX_FAILURES',
    'LOGIN_ACCOUNT_MAX_FAILURES',
    'LOGIN_LOCK_MINUTES',
    'LOGIN_PER_IP_PER_MINUTE',
    'FIRST_PASSWORD_CHECK',
    'FREE_LOGIN',
    'THIRD_PARTY_AUTH_URL',
    'CODES_PER_IP_PER_MINUTE',
    'COOKIE_SECURE',
  ],
  services(ctx) {
    const { db, kv, settings: s } = ctx;
    const users = createUsersRepo(db);
    const transport = createPasswordTransport(kv, { mode: s.WEB_ENCRYPT_TYPE });
    const auth = createAuthService({
      users,
      tenants: createTenantsRepo(db),
      loginLog: createLoginLogRepo(db),
      sessions: ctx.sessions,
      captcha: ctx.captcha,
      limiter: ctx.limiter,
      kv,
      events: ctx.events,
      sms: ctx.need('sms'),
      transport,
      now: ctx.now,
      policy: {
        loginCheckCode: s.LOGIN_CHECK_CODE,
        tenantMode: s.TENANT_MODE,
        maxFailures: s.LOGIN_MAX_FAILURES,
        accountMaxFailures: s.LOGIN_ACCOUNT_MAX_FAILURES,
        lockMs: s.LOGIN_LOCK_MINUTES * 60_000,
        loginPerIpPerMinute: s.LOGIN_PER_IP_PER_MINUTE,
        forcePasswordChange: s.FIRST_PASSWORD_CHECK && !s.FREE_LOGIN,
        thirdPartyAuthUrl: s.THIRD_PARTY_AUTH_URL,
      },
      // Refdata: operators are warned while demo accounts keep their published passwords.
      publishedDemoPasswords: async () => (await accountsOnPublishedPasswords(db)).length > 0,
    });
    return { auth, users, transport };
  },
  provides: ({ auth, users, transport }) => ({
    auth,
    access: { permissionsOf: auth.permissionsOf },
    usersRepo: users,
    passwordTransport: transport,
  }),
  routes(app, { auth, transport }, ctx) {
    const s = ctx.settings;
    registerAuthRoutes(app, {
      access: ctx.need('access'),
      auth,
      transport,
      captcha: ctx.captcha,
      limiter: ctx.limiter,
      publicSettings: publicSettings(s),
      codesPerIpPerMinute: s.CODES_PER_IP_PER_MINUTE,
      cookieSecure: s.COOKIE_SECURE,
    });
  },
});
