import { randomBytes } from 'node:crypto';
import type {
  CurrentUser,
  GetVerifyCodeBody,
  LoginAnswer,
  MobileLoginBody,
  PasswordLoginBody,
  SubmitLoginInput,
  Tenant,
} from '@portal/contracts/account';
import { DEFAULT_LANG, type Lang } from '@portal/contracts/i18n';
import { SMS_CODE_RULES } from '@portal/contracts/sms';
import { loginPasswordSchema } from '@portal/contracts/validation';
import { AppError } from '../../platform/errors';
import { DUMMY_HASH, verifyPassword } from '../../platform/passwords';
import type { Captcha } from '../../platform/captcha';
import type { KvStore } from '../../platform/kv';
import type { EventBus } from '../../platform/events';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionRecord, Sessions } from '../../platform/sessions';
import type { SmsService } from '../sms';
import type { PasswordTransport } from './password-transport';
import { createPermissionCache } from './permission-cache';
import type { LoginLogRepo, TenantsRepo, UsersRepo } from './auth.repo';

export interface AuthPolicy {
  loginCheckCode: boolean;
  tenantMode: boolean;
  /** Failures of one account from one address before that pair locks. */
  maxFailures: number;
  /** Failures of one account from all addresses together before the whole account locks. */
  accountMaxFailures: number;
  /** The failure window and the length of either lock. */
  lockMs: number;
  loginPerIpPerMinute: number;
  /** A default password must be changed before anything else (FIRST_PASSWORD_CHECK, not in free-login mode). */
  forcePasswordChange: boolean;
  /** Provider sign-in page; empty when third-party sign-in is off. */
  thirdPartyAuthUrl: string;
}

interface AuthDeps {
  users: UsersRepo;
  tenants: TenantsRepo;
  loginLog: LoginLogRepo;
  sessions: Sessions;
  captcha: Captcha;
  limiter: RateLimiter;
  kv: KvStore;
  /** Changes to roles and users arrive here, and forget the permissions kept of every user. */
  events: EventBus;
  sms: SmsService;
  transport: PasswordTransport;
  policy: AuthPolicy;
  now: () => Date;
  /** Whether demo accounts still sign in with their published passwords; absent: never. */
  publishedDemoPasswords?: () => Promise<boolean>;
}

/** Outlives the longest lock (LOGIN_LOCK_MINUTES is at most a day), so no lifted lock comes back. */
const GENERATION_TTL_MS = 2 * 24 * 3600_000;

type UserRow = NonNullable<Awaited<ReturnType<UsersRepo['findById']>>>;

/** Signing in and out, and who is signed in. */
export function createAuthService(deps: AuthDeps) {
  const { users, sessions, limiter, policy } = deps;
  const permissions = createPermissionCache((userId) => users.permissionCodes(userId), deps.events);
  const verifyTokenKey = (token: string) => `sms-token:${token}`;
  const nameOf = (account: string) => account.toLowerCase();
  const accountLockKey = (account: string) => `acct-lock:${nameOf(account)}`;
  const accountFailKey = (account: string) => `login-fail-acct:${nameOf(account)}`;
  // The operator's unlock replaces the generation, which lifts every pair lock of the account at once
  // without having to find them (their keys name the generation they were made under).
  const generationKey = (account: string) => `login-gen:${nameOf(account)}`;
  const generationOf = async (account: string) => (await deps.kv.get(generationKey(account))) ?? '0';
  const pairLockKey = (account: string, gen: string, ip: string) => `login-lock:${nameOf(account)}#${gen}|${ip}`;
  const pairFailKey = (account: string, gen: string, ip: string) => `login-fail:${nameOf(account)}#${gen}|${ip}`;
  /** Set while any pair of the account is locked, so the back office can show and lift it. */
  const pairLockedKey = (account: string, gen: string) => `login-pair-locked:${nameOf(account)}#${gen}`;

  /**
   * Refuses while the account is locked as a whole, or for this address. Unknown names lock the same
   * way, so the answer tells nothing about whether an account exists.
   */
  async function assertNotLocked(account: string, ip: string): Promise<void> {
    const gen = await generationOf(account);
    const remaining = Math.max(await deps.kv.ttl(accountLockKey(account)), await deps.kv.ttl(pairLockKey(account, gen, ip)));
    if (remaining > 0) throw new AppError('ACCOUNT_LOCKED', { minutes: Math.ceil(remaining / 60_000) });
  }

  /**
   * Counts a failed sign-in twice: for the account from this address, which locks that pair after
   * LOGIN_MAX_FAILURES, and for the account as a whole, which locks it everywhere only after the much
   * higher LOGIN_ACCOUNT_MAX_FAILURES. A stranger can so lock themselves out, not the account's owner.
   */
  async function recordFailure(account: string, userId: number | null, ip: string, result: string): Promise<void> {
    const gen = await generationOf(account);
    const pair = await limiter.hit(pairFailKey(account, gen, ip), Number.MAX_SAFE_INTEGER, policy.lockMs);
    if (pair.count >= policy.maxFailures) {
      await deps.kv.set(pairLockKey(account, gen, ip), '1', policy.lockMs);
      await deps.kv.set(pairLockedKey(account, gen), '1', policy.lockMs);
      await limiter.reset(pairFailKey(account, gen, ip));
    }
    const whole = await limiter.hit(accountFailKey(account), Number.MAX_SAFE_INTEGER, policy.lockMs);
    if (whole.count >= policy.accountMaxFailures) {
      await deps.kv.set(accountLockKey(account), '1', policy.lockMs);
      await limiter.reset(accountFailKey(account));
    }
    await deps.loginLog.insert({ account, user_id: userId, kind: 'login', result, ip, at: deps.now().toISOString() });
  }

  /** Mode b: picture code, tenant, then the password; failures count towards the account lock. */
  async function checkPasswordLogin(body: PasswordLoginBody, ip: string, lang: Lang): Promise<UserRow> {
    if (policy.loginCheckCode && !(await deps.captcha.check(body.req_code_session_id, body.check_code))) {
      throw new AppError('WRONG_PICTURE_CODE');
    }
    if (policy.tenantMode && !body.tenantId) throw new AppError('TENANT_REQUIRED');
    const password = await deps.transport.reveal('password', body.password, { rule: loginPasswordSchema, lang });
    const account = body.account;
    await assertNotLocked(account, ip);
    const user = await users.findByAccount(account);
    const passwordOk = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    const tenantOk = !policy.tenantMode || user?.tenant_id === body.tenantId;
    if (!user || !passwordOk || !tenantOk) {
      await recordFailure(account, user?.id ?? null, ip, 'wrong-credentials');
      throw new AppError('WRONG_CREDENTIALS');
    }
    return user;
  }

  /** Mode a: the token from getVerifyCode must belong to this mobile, then the SMS code is checked. */
  async function checkMobileLogin(body: MobileLoginBody, ip: string): Promise<UserRow> {
    const mobile = body.account;
    if ((await deps.kv.get(verifyTokenKey(body.verify_code_token))) !== mobile) throw new AppError('VERIFY_TOKEN_INVALID');
    await assertNotLocked(mobile, ip);
    const user = await users.findByMobile(mobile);
    try {
      await deps.sms.verify({ purpose: 'login', mobile, code: body.verify_code });
    } catch (err) {
      await recordFailure(mobile, user?.id ?? null, ip, 'wrong-sms-code');
      throw err;
    }
    await deps.kv.del(verifyTokenKey(body.verify_code_token));
    // No code is ever sent to a number without an account, so this is only a safety net.
    if (!user) throw new AppError('SMS_CODE_WRONG');
    return user;
  }

  async function startSession(user: UserRow, typed: string, terminal: string, ip: string): Promise<{ token: string; answer: LoginAnswer }> {
    const { token } = await sessions.create({
      userId: user.id,
      account: user.account,
      terminal,
      ip,
      mustChangePassword: policy.forcePasswordChange && user.password_default === 1,
    });
    const at = deps.now().toISOString();
    await users.recordLogin(user.id, at, ip);
    await deps.loginLog.insert({ account: typed, user_id: user.id, kind: 'login', result: 'success', ip, at });
    const [roles, permissions] = await Promise.all([users.roleCodes(user.id), users.permissionCodes(user.id)]);
    const roleCode = roles.join(',');
    return {
      token,
      answer: {
        utoken: token,
        user_token: token,
        tn: token,
        user_agent_name: user.nick_name || user.account,
        user_agent_operator_name: user.nick_name || user.account,
        user_agent_user_name: user.account,
        user_agent_user_id: String(user.id),
        user_agent_operator_code: user.account,
        user_agent_raw_role_code: roleCode,
        user_agent_role_code: roleCode,
        last_login_date_time: user.last_login_at ?? '',
        optAuths: permissions,
        user_type: user.user_type,
      },
    };
  }

  return {
    async tenantList(): Promise<Tenant[]> {
      return deps.tenants.list();
    },

    /** Checks the picture code and sends the login SMS code; the token binds the login to this mobile. */
    async sendLoginCode(body: GetVerifyCodeBody, ip: string, lang: Lang): Promise<{ checkCodeToken: string }> {
      await deps.sms.limitAddress(ip);
      if (!(await deps.captcha.check(body.req_session_id, body.check_code))) throw new AppError('WRONG_PICTURE_CODE');
      const user = await users.findByMobile(body.mobile);
      // A number without an account gets nothing, yet the same answer: the page cannot tell.
      await deps.sms.send({ purpose: 'login', mobile: body.mobile, ip, lang, deliver: user ? 'code' : 'none' });
      const checkCodeToken = randomBytes(24).toString('base64url');
      await deps.kv.set(verifyTokenKey(checkCodeToken), body.mobile, SMS_CODE_RULES.ttlMs);
      return { checkCodeToken };
    },

    async submitLogin(body: SubmitLoginInput, ip: string, lang: Lang = DEFAULT_LANG): Promise<{ token: string; answer: LoginAnswer }> {
      const perIp = await limiter.hit(`login-ip:${ip}`, policy.loginPerIpPerMinute, 60_000);
      if (!perIp.allowed) throw new AppError('RATE_LIMITED', undefined, { 'retry-after': String(Math.ceil(perIp.retryAfterMs / 1000)) });
      const { verify_code, verify_code_token, password, ...rest } = body;
      const user =
        verify_code !== undefined
          ? await checkMobileLogin({ account: body.account, verify_code, verify_code_token: verify_code_token ?? '' }, ip)
          : await checkPasswordLogin({ ...rest, password: password ?? '' }, ip, lang);
      const account = body.account;
      if (user.status !== 1) {
        await deps.loginLog.insert({ account, user_id: user.id, kind: 'login', result: 'disabled', ip, at: deps.now().toISOString() });
        throw new AppError('ACCOUNT_DISABLED');
      }
      await limiter.reset(pairFailKey(account, await generationOf(account), ip));
      return startSession(user, account, body.terminal_type ?? 'pc', ip);
    },

    /** The provider's sign-in URL, carrying where to come back and a one-time state. */
    async thirdPartyUrl(input: { redirectUrl: string; identityType?: string; terminalType?: string }): Promise<string> {
      if (!policy.thirdPartyAuthUrl) throw new AppError('THIRD_PARTY_OFF');
      const state = randomBytes(16).toString('base64url');
      await deps.kv.set(`third-party-state:${state}`, input.redirectUrl, 10 * 60_000);
      const url = new URL(policy.thirdPartyAuthUrl);
      url.searchParams.set('redirect_uri', input.redirectUrl);
      if (input.identityType) url.searchParams.set('identity_type', input.identityType);
      url.searchParams.set('terminal_type', input.terminalType ?? 'pc');
      url.searchParams.set('state', state);
      return url.toString();
    },

    async currentUser(session: SessionRecord): Promise<CurrentUser> {
      const user = await users.findById(session.userId);
      if (!user) throw new AppError('SESSION_EXPIRED');
      const [companyName, roleCodes, tenant] = await Promise.all([
        users.companyName(user.company_id),
        users.roleCodes(user.id),
        user.tenant_id ? deps.tenants.find(user.tenant_id) : undefined,
      ]);
      const nickName = user.nick_name || user.account;
      const lastLogin = user.last_login_at ?? '';
      return {
        currUserId: String(user.id),
        userId: String(user.id),
        userName: user.account,
        nickName,
        realName: user.real_name,
        mobilePhone: user.mobile ?? '',
        email: user.email,
        jobNo: user.job_no,
        position: user.position,
        fax: user.fax,
        certType: user.cert_type,
        certNo: user.cert_no,
        userType: user.user_type,
        companyName,
        tenantId: user.tenant_id,
        tenantName: tenant?.tenant_name ?? '',
        kindCode: tenant?.kind_code ?? '',
        roleCodes,
        lastLoginDateTime: lastLogin,
        user_agent_name: nickName,
        last_login_date_time: lastLogin,
        clientIp: session.ip,
        defaultPassword: user.password_default === 1,
        locked: session.locked,
        // Only operators can act on it; company users are not told how this installation is run.
        publishedDemoPasswords: user.user_type === 'operator' && (await deps.publishedDemoPasswords?.()) === true,
      };
    },

    async logout(session: SessionRecord | null, ip: string): Promise<void> {
      if (!session) return;
      await sessions.endOne(session);
      await deps.loginLog.insert({
        account: session.account,
        user_id: session.userId,
        kind: 'logout',
        result: 'success',
        ip,
        at: deps.now().toISOString(),
      });
    },

    /** Whether an account name is locked, as a whole or for some address (the back office shows it). */
    async isLocked(account: string): Promise<boolean> {
      if ((await deps.kv.ttl(accountLockKey(account))) > 0) return true;
      return (await deps.kv.ttl(pairLockedKey(account, await generationOf(account)))) > 0;
    },

    /**
     * Lifts every login lock of an account name, whole or per address, and forgets its failures (an
     * operator's unlock, or a password reset that proved ownership of the account's mobile).
     */
    async unlockAccount(account: string): Promise<void> {
      await deps.kv.set(generationKey(account), randomBytes(6).toString('base64url'), GENERATION_TTL_MS);
      await deps.kv.del(accountLockKey(account));
      await limiter.reset(accountFailKey(account));
    },

    permissionsOf: permissions.permissionsOf,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
