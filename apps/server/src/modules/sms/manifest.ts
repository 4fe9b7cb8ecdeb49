import { defineModule } from '../../platform/module';
import { createHttpProvider, createOutboxProvider } from './sms.providers';
import { createSmsOutboxRepo } from './sms.repo';
import { registerSmsTestRoutes } from './sms.routes';
import { createSmsService, type SmsService } from './sms.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    sms: SmsService;
  }
}

/** Verification codes by SMS: the provider, the send limits, the test outbox. */
export const smsModule = defineModule({
  name: 'sms',
  settings: [
    'SMS_PROVIDER',
    'SMS_HTTP_URL',
    'SMS_HTTP_TOKEN',
    'SMS_RESEND_SECONDS',
    'SMS_PER_NUMBER_HOUR',
    'SMS_PER_NUMBER_DAY',
    'SMS_PER_IP_DAY',
    'CODES_PER_IP_PER_MINUTE',
    'TEST_HOOKS',
  ],
  services({ app, db, kv, limiter, settings: s, now }) {
    const outbox = createSmsOutboxRepo(db);
    return createSmsService({
      kv,
      limiter,
      outbox,
      provider: s.SMS_PROVIDER === 'http' ? createHttpProvider(s.SMS_HTTP_URL, s.SMS_HTTP_TOKEN) : createOutboxProvider(outbox, app.log),
      policy: {
        resendMs: s.SMS_RESEND_SECONDS * 1000,
        perNumberHour: s.SMS_PER_NUMBER_HOUR,
        perNumberDay: s.SMS_PER_NUMBER_DAY,
        perIpDay: s.SMS_PER_IP_DAY,
        perIpMinute: s.CODES_PER_IP_PER_MINUTE,
      },
      now,
    });
  },
  provides: (sms) => ({ sms }),
  routes(app, sms, ctx) {
    if (ctx.settings.TEST_HOOKS) registerSmsTestRoutes(app, { access: ctx.need('access'), sms });
  },
});
