import { defineModule } from '../../platform/module';
import { createRegistrationRepo } from './registration.repo';
import { registerRegistrationRoutes } from './registration.routes';
import { createRegistrationService } from './registration.service';

/** Company sign-up, the account checks and the forgotten-password reset. */
export const registrationModule = defineModule({
  name: 'registration',
  settings: [
    'PASSWORD_MIN_LENGTH',
    'PASSWORD_MAX_LENGTH',
    'PASSWORD_MIN_KINDS',
    'ACCOUNT_CHECKS_PER_IP_PER_HOUR',
    'ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR',
    'RESET_FAILURES_PER_ACCOUNT',
    'RESET_FAILURES_PER_IP',
    'RESET_FAILURE_WINDOW_MINUTES',
    'REAL_NAME_QR_URL',
  ],
  services(ctx) {
    const s = ctx.settings;
    return createRegistrationService({
      users: ctx.need('usersRepo'),
      repo: createRegistrationRepo(ctx.db),
      captcha: ctx.captcha,
      sms: ctx.need('sms'),
      transport: ctx.need('passwordTransport'),
      limiter: ctx.limiter,
      sessions: ctx.sessions,
      unlockAccount: ctx.need('auth').unlockAccount,
      policy: {
        passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
        accountChecksPerIpPerHour: s.ACCOUNT_CHECKS_PER_IP_PER_HOUR,
        accountChecksPerAccountPerHour: s.ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR,
        resetFailuresPerAccount: s.RESET_FAILURES_PER_ACCOUNT,
        resetFailuresPerIp: s.RESET_FAILURES_PER_IP,
        resetFailureWindowMs: s.RESET_FAILURE_WINDOW_MINUTES * 60_000,
        realNameQrUrl: s.REAL_NAME_QR_URL,
        companyRoleCode: 'company_user',
      },
      now: ctx.now,
    });
  },
  routes: (app, registration, ctx) => registerRegistrationRoutes(app, { access: ctx.need('access'), registration }),
});
