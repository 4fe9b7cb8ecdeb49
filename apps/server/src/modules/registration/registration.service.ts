import type { Lang } from '@portal/contracts/i18n';
import { interpolate } from '@portal/contracts/i18n';
import type { Agreement, ForgetResetPwdBody, QuickRegBody, SendForgetSmsCodeBody, SendRegCodeBody } from '@portal/contracts/registration';
import type { PasswordRule } from '@portal/contracts/settings';
import { newPasswordSchema } from '@portal/contracts/validation';
import { passwordMeetsRule } from '@portal/contracts/validation-rules';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { Captcha } from '../../platform/captcha';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Sessions } from '../../platform/sessions';
import type { PasswordTransport, UsersRepo } from '../auth';
import type { SmsService } from '../sms';
import type { RegistrationRepo } from './registration.repo';

export interface RegistrationPolicy {
  passwordRule: PasswordRule;
  /** Existence checks (is_account_existed, get_mobile_by_account) per client address per hour. */
  accountChecksPerIpPerHour: number;
  /** Existence checks of one account name per hour, from any address. */
  accountChecksPerAccountPerHour: number;
  /** Failed resets of one account name (from any address) within `resetFailureWindowMs` before resets of it pause. */
  resetFailuresPerAccount: number;
  /** Failed resets from one address (whatever the account) within the window before that address pauses. */
  resetFailuresPerIp: number;
  resetFailureWindowMs: number;
  /** Real-name verification page for new companies ({userId}, {account} filled in); empty: none. */
  realNameQrUrl: string;
  /** The role a self-registered company user gets when it exists. */
  companyRoleCode: string;
}

interface RegistrationDeps {
  users: UsersRepo;
  repo: RegistrationRepo;
  captcha: Captcha;
  sms: SmsService;
  transport: PasswordTransport;
  limiter: RateLimiter;
  sessions: Sessions;
  /** Lifts a login lock once the person proved they own the account's mobile. */
  unlockAccount: (account: string) => Promise<void>;
  policy: RegistrationPolicy;
  now: () => Date;
}

/** 13812345678 -> 138****5678: enough for the owner to recognise, not a directory for strangers. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '';
}

/** Company self-registration and password reset by SMS. */
export function createRegistrationService(deps: RegistrationDeps) {
  const { users, repo, policy } = deps;

  const retryAfter = (ms: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });

  /** Existence checks: a backstop per address, and a limit per account name that is asked about. */
  async function limitChecks(account: string, ip: string): Promise<void> {
    const perIp = await deps.limiter.hit(`acct-check-ip:${ip}`, policy.accountChecksPerIpPerHour, 3600_000);
    if (!perIp.allowed) throw new AppError('RATE_LIMITED', undefined, retryAfter(perIp.retryAfterMs));
    const perAccount = await deps.limiter.hit(`acct-check-name:${account.toLowerCase()}`, policy.accountChecksPerAccountPerHour, 3600_000);
    if (!perAccount.allowed) throw new AppError('RATE_LIMITED', undefined, retryAfter(perAccount.retryAfterMs));
  }

  const resetFailAccountKey = (account: string) => `reset-fail:${account.toLowerCase()}`;
  const resetFailIpKey = (ip: string) => `reset-fail-ip:${ip}`;
  /** Whom a reset code belongs to: the account it was sent for, so that it resets no other. */
  const resetOwner = (userId: number) => `reset:${userId}`;

  /** Refuses a reset while its account name or the caller's address has used up its failures. */
  async function assertResetAllowed(account: string, ip: string): Promise<void> {
    for (const [key, limit] of [
      [resetFailAccountKey(account), policy.resetFailuresPerAccount],
      [resetFailIpKey(ip), policy.resetFailuresPerIp],
    ] as const) {
      if ((await deps.limiter.count(key)) >= limit) {
        throw new AppError('RATE_LIMITED', undefined, retryAfter(await deps.limiter.retryAfter(key)));
      }
    }
  }

  async function recordResetFailure(account: string, ip: string): Promise<void> {
    await deps.limiter.hit(resetFailAccountKey(account), policy.resetFailuresPerAccount, policy.resetFailureWindowMs);
    await deps.limiter.hit(resetFailIpKey(ip), policy.resetFailuresPerIp, policy.resetFailureWindowMs);
  }

  async function checkPicture(cc: string, code: string): Promise<void> {
    if (!(await deps.captcha.check(cc, code))) throw new AppError('WRONG_PICTURE_CODE');
  }

  /** The new password's plain value, refused unless it meets the configured rule. */
  async function newPassword(field: string, value: string, lang: Lang): Promise<string> {
    const plain = await deps.transport.reveal(field, value, { rule: newPasswordSchema, lang });
    const rule = policy.passwordRule;
    if (!passwordMeetsRule(plain, rule))
      throw new AppError('PASSWORD_RULE', { min: rule.minLength, max: rule.maxLength, kinds: rule.minKinds });
    return plain;
  }

  async function accountWithMobile(account: string) {
    const user = await users.findByAccount(account);
    if (!user) throw new AppError('USERNAME_NOT_EXIST');
    if (!user.mobile) throw new AppError('MOBILE_NOT_BOUND');
    return { ...user, mobile: user.mobile };
  }

  return {
    async accountExists(account: string, ip: string): Promise<boolean> {
      await limitChecks(account, ip);
      return repo.accountTaken(account);
    },

    async mobileOf(account: string, ip: string): Promise<string> {
      await limitChecks(account, ip);
      return maskMobile((await accountWithMobile(account)).mobile);
    },

    async agreements(): Promise<Agreement[]> {
      const rows = await repo.listAgreements();
      return rows.map((r) => ({ id: String(r.id), kind: r.kind, articleName: r.title, articleText: r.body }));
    },

    async sendRegisterCode(body: SendRegCodeBody, ip: string, lang: Lang): Promise<null> {
      await deps.sms.limitAddress(ip);
      await checkPicture(body.req_session_id, body.check_code);
      if (body.user_account && (await repo.accountTaken(body.user_account))) throw new AppError('USERNAME_EXISTS');
      // A number that already has an account gets a notice instead of a code; the answer is the same.
      const taken = (await users.findByMobile(body.mobile)) !== undefined;
      await deps.sms.send({ purpose: 'register', mobile: body.mobile, ip, lang, deliver: taken ? 'notice-registered' : 'code' });
      return null;
    },

    async sendResetCode(body: SendForgetSmsCodeBody, ip: string, lang: Lang): Promise<null> {
      await deps.sms.limitAddress(ip);
      await checkPicture(body.req_session_id, body.check_code);
      const user = await accountWithMobile(body.user_account);
      await deps.sms.send({ purpose: 'reset', mobile: user.mobile, ip, lang, owner: resetOwner(user.id) });
      return null;
    },

    async register(body: QuickRegBody, lang: Lang): Promise<{ qrUrl?: string }> {
      const account = body.user_account;
      const companyName = body.company_name;
      const password = await newPassword('user_pwd', body.user_pwd, lang);
      // Ticking the agreements is the browser's step: only an explicit refusal stops the server.
      if (body.agreed === false && (await repo.listAgreements()).length > 0) throw new AppError('AGREEMENT_REQUIRED');
      // Checked before the code so a taken name does not use the code up.
      if (await repo.accountTaken(account)) throw new AppError('USERNAME_EXISTS');
      await deps.sms.verify({ purpose: 'register', mobile: body.mobile, code: body.sms_code });
      // Only now, with the number proven, may the answer say it is taken.
      if (await users.findByMobile(body.mobile)) throw new AppError('MOBILE_TAKEN');
      const created = await repo.createCompanyUser({
        account,
        companyName,
        mobile: body.mobile,
        passwordHash: await hashPassword(password),
        userType: policy.realNameQrUrl ? 'toVerified' : 'comp',
        roleCode: policy.companyRoleCode,
        at: deps.now().toISOString(),
      });
      if ('conflict' in created) throw new AppError(created.conflict === 'mobile' ? 'MOBILE_TAKEN' : 'USERNAME_EXISTS');
      if (!policy.realNameQrUrl) return {};
      return { qrUrl: interpolate(policy.realNameQrUrl, { userId: created.userId, account: encodeURIComponent(account) }) };
    },

    /**
     * Sets a new password with the SMS code sent for a reset of this very account. An unknown account,
     * one without a mobile, a wrong or used code and a code of another purpose or account all answer
     * the same 111103 after the same store look-ups, and every one of them counts as a failure of
     * the account name and of the address.
     */
    async resetPassword(body: ForgetResetPwdBody, ip: string, lang: Lang): Promise<null> {
      const account = body.user_account;
      await assertResetAllowed(account, ip);
      const password = await newPassword('new_pwd', body.new_pwd, lang);
      const user = await users.findByAccount(account);
      try {
        // Without an account there is no code to find: the same look-up runs and fails.
        await deps.sms.verify({ purpose: 'reset', mobile: user?.mobile ?? '', code: body.sms_code, owner: resetOwner(user?.id ?? 0) });
      } catch (err) {
        if (err instanceof AppError && err.key === 'SMS_CODE_WRONG') await recordResetFailure(account, ip);
        throw err;
      }
      if (!user) throw new AppError('SMS_CODE_WRONG');
      await repo.setPassword(user.id, await hashPassword(password), deps.now().toISOString());
      await deps.sessions.endAllOf(user.id, 'password');
      await deps.unlockAccount(user.account);
      if (user.mobile) await deps.unlockAccount(user.mobile);
      await deps.limiter.reset(resetFailAccountKey(account));
      return null;
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
