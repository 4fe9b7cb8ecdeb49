import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDbKv } from '../../platform/kv';
import { createRateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SmsMessage, SmsProvider } from './sms.providers';
import { createSmsOutboxRepo } from './sms.repo';
import { createSmsService, type SmsPolicy } from './sms.service';

// The service runs on the real database store with a clock the test moves, on SQLite and PostgreSQL alike.
let t: TestApp;
let clock: number;
let sent: SmsMessage[];
let failing: boolean;
beforeEach(async () => {
  t = await createTestApp();
  clock = Date.parse('2026-03-02T08:00:00Z');
  sent = [];
  failing = false;
});
afterEach(async () => {
  await t.close();
});

const DEFAULTS: SmsPolicy = { resendMs: 60_000, perNumberHour: 5, perNumberDay: 10, perIpDay: 50, perIpMinute: 30 };
function service(policy: Partial<SmsPolicy> = {}) {
  const kv = createDbKv(t.database.db, () => clock);
  const provider: SmsProvider = {
    async send(m) {
      if (failing) throw new Error('gateway down');
      sent.push(m);
    },
  };
  return createSmsService({
    kv,
    limiter: createRateLimiter(kv),
    provider,
    outbox: createSmsOutboxRepo(t.database.db),
    policy: { ...DEFAULTS, ...policy },
    now: () => new Date(clock),
  });
}
const codeOf = (mobile: string) => [...sent].reverse().find((m) => m.mobile === mobile)!.code;
async function refusal(promise: Promise<unknown>): Promise<{ code: string; params?: Record<string, string | number> }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, params: err.params };
    throw err;
  }
  throw new Error('expected a refusal');
}
const base = { ip: '10.0.0.1', lang: 'zh-CN' as const };

describe('SMS codes', () => {
  it('sends a 6-digit code in the text, valid once', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'register', mobile: '13900000001' });
    const code = codeOf('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0]!.text).toContain(code);
    expect(sent[0]!.text).toContain('注册');
    await sms.verify({ purpose: 'register', mobile: '13900000001', code });
    expect((await refusal(sms.verify({ purpose: 'register', mobile: '13900000001', code }))).code).toBe('111103');
  });

  it('writes the message in the caller language', async () => {
    await service().send({ ...base, lang: 'en-US', purpose: 'reset', mobile: '13900000001' });
    expect(sent[0]!.text).toMatch(/^\[Commodity Trading Platform\] Your password reset code is \d{6}/);
  });

  it('is valid for 5 minutes', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'reset', mobile: '13900000001' });
    const code = codeOf('13900000001');
    clock += 5 * 60_000 + 1000;
    expect((await refusal(sms.verify({ purpose: 'reset', mobile: '13900000001', code }))).code).toBe('111103');
  });

  it('allows 5 tries: right on the fifth works, after 5 wrong even the right code fails', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'login', mobile: '13900000001' });
    let code = codeOf('13900000001');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await refusal(sms.verify({ purpose: 'login', mobile: '13900000001', code: wrong }));
    await sms.verify({ purpose: 'login', mobile: '13900000001', code });

    clock += 61_000;
    await sms.send({ ...base, purpose: 'login', mobile: '13900000001' });
    code = codeOf('13900000001');
    for (let i = 0; i < 5; i++) await refusal(sms.verify({ purpose: 'login', mobile: '13900000001', code: wrong }));
    expect((await refusal(sms.verify({ purpose: 'login', mobile: '13900000001', code }))).code).toBe('111103');
  });

  it('binds a code to its purpose and to its owner', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'register', mobile: '13900000001' });
    const code = codeOf('13900000001');
    expect((await refusal(sms.verify({ purpose: 'reset', mobile: '13900000001', code }))).code).toBe('111103');
    expect((await refusal(sms.verify({ purpose: 'register', mobile: '13900000002', code }))).code).toBe('111103');

    clock += 61_000;
    await sms.send({ ...base, purpose: 'change-mobile', mobile: '13900000003', owner: '7' });
    const mine = codeOf('13900000003');
    expect((await refusal(sms.verify({ purpose: 'change-mobile', mobile: '13900000003', code: mine, owner: '8' }))).code).toBe('111103');
    await sms.verify({ purpose: 'change-mobile', mobile: '13900000003', code: mine, owner: '7' });
  });

  it('a new code replaces the old one', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'register', mobile: '13900000001' });
    const first = codeOf('13900000001');
    clock += 61_000;
    await sms.send({ ...base, purpose: 'register', mobile: '13900000001' });
    const second = codeOf('13900000001');
    if (first !== second)
      expect((await refusal(sms.verify({ purpose: 'register', mobile: '13900000001', code: first }))).code).toBe('111103');
    await sms.verify({ purpose: 'register', mobile: '13900000001', code: second });
  });
});

describe('SMS limits', () => {
  it('resends to a number only after 60 s, whatever the purpose', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'register', mobile: '13900000001' });
    clock += 20_000;
    const refused = await refusal(sms.send({ ...base, purpose: 'reset', mobile: '13900000001' }));
    expect(refused.code).toBe('111051');
    expect(refused.params).toEqual({ seconds: 40 });
    // Another number is not held back.
    await sms.send({ ...base, purpose: 'register', mobile: '13900000002' });
    clock += 40_001;
    await sms.send({ ...base, purpose: 'reset', mobile: '13900000001' });
    expect(sent.filter((m) => m.mobile === '13900000001')).toHaveLength(2);
  });

  it('caps a number at 5 an hour and 10 a day', async () => {
    const sms = service();
    const mobile = '13900000001';
    for (let i = 0; i < 5; i++) {
      await sms.send({ ...base, purpose: 'register', mobile });
      clock += 61_000;
    }
    expect((await refusal(sms.send({ ...base, purpose: 'register', mobile }))).code).toBe('111003');
    clock += 3600_000;
    for (let i = 0; i < 5; i++) {
      await sms.send({ ...base, purpose: 'register', mobile });
      clock += 61_000;
    }
    clock += 3600_000;
    expect((await refusal(sms.send({ ...base, purpose: 'register', mobile }))).code).toBe('111003');
    expect(sent).toHaveLength(10);
    clock += 24 * 3600_000;
    await sms.send({ ...base, purpose: 'register', mobile });
    expect(sent).toHaveLength(11);
  });

  it('caps a client address per day, across numbers', async () => {
    const sms = service({ perIpDay: 3 });
    for (const mobile of ['13900000001', '13900000002', '13900000003']) await sms.send({ ...base, purpose: 'register', mobile });
    expect((await refusal(sms.send({ ...base, purpose: 'register', mobile: '13900000004' }))).code).toBe('100006');
    await sms.send({ ...base, ip: '10.0.0.2', purpose: 'register', mobile: '13900000004' });
    expect(sent).toHaveLength(4);
  });

  it('limits code-sending calls per address per minute', async () => {
    const sms = service({ perIpMinute: 2 });
    await sms.limitAddress('10.0.0.1');
    await sms.limitAddress('10.0.0.1');
    expect((await refusal(sms.limitAddress('10.0.0.1'))).code).toBe('100006');
    await sms.limitAddress('10.0.0.9');
    clock += 60_001;
    await sms.limitAddress('10.0.0.1');
  });

  it('answers 111004 when the provider fails, and lets the person retry at once', async () => {
    const sms = service();
    failing = true;
    expect((await refusal(sms.send({ ...base, purpose: 'register', mobile: '13900000001' }))).code).toBe('111004');
    failing = false;
    await sms.send({ ...base, purpose: 'register', mobile: '13900000001' });
    expect(sent).toHaveLength(1);
  });

  it('counts a silent send like a real one and stores no code', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'login', mobile: '13900000001', deliver: 'none' });
    expect(sent).toHaveLength(0);
    expect((await refusal(sms.send({ ...base, purpose: 'login', mobile: '13900000001' }))).code).toBe('111051');
    expect((await refusal(sms.verify({ purpose: 'login', mobile: '13900000001', code: '123456' }))).code).toBe('111103');
  });

  it('sends a notice without a code to a number that already has an account', async () => {
    const sms = service();
    await sms.send({ ...base, purpose: 'register', mobile: '13800000001', deliver: 'notice-registered' });
    expect(sent[0]!.code).toBe('');
    expect(sent[0]!.text).toContain('忘记密码');
  });
});
