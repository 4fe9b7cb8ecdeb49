import { defineModule } from '../../platform/module';
import { createProfileRepo } from './profile.repo';
import { registerUserRoutes } from './user.routes';
import { createUserService } from './user.service';

/** The signed-in user's own info, password and screen lock. */
export const userModule = defineModule({
  name: 'user',
  settings: [
    'PASSWORD_MIN_LENGTH',
    'PASSWORD_MAX_LENGTH',
    'PASSWORD_MIN_KINDS',
    'FIRST_PASSWORD_CHECK',
    'LOGIN_MAX_FAILURES',
    'LOGIN_LOCK_MINUTES',
    'COOKIE_SECURE',
  ],
  services(ctx) {
    const s = ctx.settings;
    return createUserService({
      users: ctx.need('usersRepo'),
      profiles: createProfileRepo(ctx.db),
      sessions: ctx.sessions,
      limiter: ctx.limiter,
      passwords: ctx.need('passwordTransport'),
      currentUser: ctx.need('auth').currentUser,
      policy: {
        passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
        firstPasswordCheck: s.FIRST_PASSWORD_CHECK,
        maxPasswordFailures: s.LOGIN_MAX_FAILURES,
        failureWindowMs: s.LOGIN_LOCK_MINUTES * 60_000,
      },
      now: ctx.now,
    });
  },
  routes: (app, user, ctx) =>
    registerUserRoutes(app, {
      access: ctx.need('access'),
      user,
      currentUser: ctx.need('auth').currentUser,
      cookieSecure: ctx.settings.COOKIE_SECURE,
    }),
});
