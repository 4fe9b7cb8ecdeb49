import { randomInt, timingSafeEqual } from 'node:crypto';
import { interpolate, type Lang } from '@portal/contracts/i18n';
import { SMS_CODE_RULES, type SmsPurpose } from '@portal/contracts/sms';
import { AppError } from '../../platform/errors';
import type { KvStore } from '../../platform/kv';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SmsProvider } from './sms.providers';
import type { SmsOutboxRepo } from './sms.repo';

export interface SmsPolicy {
  resendMs: number;
  perNumberHour: number;
  perNumberDay: number;
  perIpDay: number;
  /** Code-sending calls per client address per minute. */
  perIpMinute: number;
}

interface SmsDeps {
  kv: KvStore;
  limiter: RateLimiter;
  provider: SmsProvider;
  outbox: SmsOutboxRepo;
  policy: SmsPolicy;
  now: () => Date;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const BRAND: Record<Lang, string> = {
  'zh-CN': '【大宗商品交易平台】',
  'en-US': '[Commodity Trading Platform] ',
  'zh-TW': '【大宗商品交易平台】',
};
const PURPOSE_NAMES: Record<SmsPurpose, Record<Lang, string>> = {
  login: { 'zh-CN': '登录', 'en-US': 'sign-in', 'zh-TW': '登入' },
  register: { 'zh-CN': '注册', 'en-US': 'registration', 'zh-TW': '註冊' },
  reset: { 'zh-CN': '重置密码', 'en-US': 'password reset', 'zh-TW': '重設密碼' },
  'change-mobile': { 'zh-CN': '修改手机号', 'en-US': 'mobile change', 'zh-TW': '修改手機號碼' },
  'contract-sign': { 'zh-CN': '合同签署', 'en-US': 'contract signing', 'zh-TW': '合約簽署' },
};
const CODE_TEXT: Record<Lang, string> = {
  'zh-CN': '您的{purpose}验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。如非本人操作，请忽略本短信。',
  'en-US': 'Your {purpose} code is {code}, valid for {minutes} minutes. Do not share it. If this was not you, ignore this message.',
  'zh-TW': '您的{purpose}驗證碼為 {code}，{minutes} 分鐘內有效，請勿洩露給他人。如非本人操作，請忽略本簡訊。',
};
/** Sent instead of a code when someone tries to register a number that already has an account. */
const ALREADY_REGISTERED_TEXT: Record<Lang, string> = {
  'zh-CN': '有人尝试使用本手机号注册账号，但该号码已绑定账号。如忘记密码，请在登录页使用“忘记密码”找回。',
  'en-US':
    'Someone tried to register with this number, which already has an account. If you forgot your password, use "Forgot password" on the sign-in page.',
  'zh-TW': '有人嘗試使用本手機號碼註冊帳號，但該號碼已綁定帳號。如忘記密碼，請在登入頁使用「忘記密碼」找回。',
};

export interface SendInput {
  purpose: SmsPurpose;
  mobile: string;
  ip: string;
  lang: Lang;
  /**
   * 'code' sends a code; 'notice-registered' sends a notice without one; 'none' sends nothing.
   * All three count against the same limits and answer alike, so the answer never tells whether
   * a number has an account.
   */
  deliver?: 'code' | 'notice-registered' | 'none';
  /** Who may use the code (the change-mobile code belongs to the signed-in user). */
  owner?: string;
}

interface StoredCode {
  code: string;
  owner: string;
}

/**
 * SMS codes: 6 digits, 5 minutes, 5 tries, bound to their purpose and
 * number; resend interval per number whatever the purpose; caps per number and per address.
 */
export function createSmsService(deps: SmsDeps) {
  const { kv, limiter, policy } = deps;
  const codeKey = (purpose: SmsPurpose, mobile: string) => `sms-code:${purpose}:${mobile}`;
  const triesKey = (purpose: SmsPurpose, mobile: string) => `sms-tries:${purpose}:${mobile}`;
  const resendKey = (mobile: string) => `sms-resend:${mobile}`;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  /** Counts one code-sending call against the caller's address (every sending endpoint calls this first). */
  async function limitAddress(ip: string): Promise<void> {
    const hit = await limiter.hit(`sms-ip-min:${ip}`, policy.perIpMinute, 60_000);
    if (!hit.allowed) throw new AppError('RATE_LIMITED', undefined, { 'retry-after': String(seconds(hit.retryAfterMs)) });
  }

  async function send(input: SendInput): Promise<void> {
    const { purpose, mobile, ip, lang } = input;
    const deliver = input.deliver ?? 'code';
    if ((await limiter.count(`sms-ip-day:${ip}`)) >= policy.perIpDay) throw new AppError('RATE_LIMITED');
    if ((await limiter.count(`sms-num-hour:${mobile}`)) >= policy.perNumberHour) throw new AppError('SMS_NUMBER_CAP');
    if ((await limiter.count(`sms-num-day:${mobile}`)) >= policy.perNumberDay) throw new AppError('SMS_NUMBER_CAP');
    // The increment is the atomic guard: of two simultaneous sends only the first passes.
    if ((await kv.incr(resendKey(mobile), policy.resendMs)) > 1) {
      throw new AppError('SMS_TOO_FREQUENT', { seconds: seconds(await kv.ttl(resendKey(mobile))) });
    }
    await limiter.hit(`sms-ip-day:${ip}`, policy.perIpDay, DAY);
    await limiter.hit(`sms-num-hour:${mobile}`, policy.perNumberHour, HOUR);
    await limiter.hit(`sms-num-day:${mobile}`, policy.perNumberDay, DAY);

    // A new code replaces the old one and gets a fresh set of tries.
    await kv.del(codeKey(purpose, mobile));
    await kv.del(triesKey(purpose, mobile));
    if (deliver === 'none') return;
    const code = deliver === 'code' ? String(randomInt(0, 10 ** SMS_CODE_RULES.length)).padStart(SMS_CODE_RULES.length, '0') : '';
    const text =
      BRAND[lang] +
      (deliver === 'code'
        ? interpolate(CODE_TEXT[lang], { purpose: PURPOSE_NAMES[purpose][lang], code, minutes: SMS_CODE_RULES.ttlMs / 60_000 })
        : ALREADY_REGISTERED_TEXT[lang]);
    try {
      await deps.provider.send({ mobile, purpose, text, code, at: deps.now().toISOString() });
    } catch {
      // Nothing reached the phone: let the person try again at once.
      await kv.del(resendKey(mobile));
      throw new AppError('SMS_SEND_FAILED');
    }
    if (code) {
      const stored: StoredCode = { code, owner: input.owner ?? '' };
      await kv.set(codeKey(purpose, mobile), JSON.stringify(stored), SMS_CODE_RULES.ttlMs);
    }
  }

  /**
   * Checks and uses up a code. Every attempt counts; after the fifth the code is gone, so a right
   * guess on the sixth fails too. Refusals are all SMS_CODE_WRONG whatever the reason.
   */
  async function verify(input: { purpose: SmsPurpose; mobile: string; code: string; owner?: string }): Promise<void> {
    const key = codeKey(input.purpose, input.mobile);
    const raw = await kv.get(key);
    if (!raw) throw new AppError('SMS_CODE_WRONG');
    const tries = await kv.incr(triesKey(input.purpose, input.mobile), SMS_CODE_RULES.ttlMs);
    const stored = JSON.parse(raw) as StoredCode;
    const right =
      tries <= SMS_CODE_RULES.maxTries &&
      stored.owner === (input.owner ?? '') &&
      input.code.length === stored.code.length &&
      timingSafeEqual(Buffer.from(input.code), Buffer.from(stored.code));
    if (!right) {
      if (tries >= SMS_CODE_RULES.maxTries) await kv.del(key);
      throw new AppError('SMS_CODE_WRONG');
    }
    // Two requests with the same right code: only the one that takes it succeeds.
    if ((await kv.take(key)) === undefined) throw new AppError('SMS_CODE_WRONG');
    await kv.del(triesKey(input.purpose, input.mobile));
  }

  return {
    limitAddress,
    send,
    verify,
    /** The outbox's messages to a number, newest first (test hook). */
    async outbox(mobile: string) {
      const rows = await deps.outbox.listByMobile(mobile);
      return rows.map((r) => ({ mobile: r.mobile, text: r.text, code: r.code, sentAt: r.sent_at }));
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
