import { defineModule } from '../../platform/module';
import { createMobileChangeRepo } from './mobile-change.repo';
import { registerMobileChangeRoutes } from './mobile-change.routes';
import { createMobileChangeService } from './mobile-change.service';

/** Changing the account's mobile number with codes sent to the old and the new one. */
export const mobileChangeModule = defineModule({
  name: 'mobile-change',
  services: (ctx) =>
    createMobileChangeService({
      users: ctx.need('usersRepo'),
      repo: createMobileChangeRepo(ctx.db),
      captcha: ctx.captcha,
      sms: ctx.need('sms'),
      transport: ctx.need('passwordTransport'),
      now: ctx.now,
    }),
  routes: (app, mobileChange, ctx) => registerMobileChangeRoutes(app, { access: ctx.need('access'), mobileChange }),
});
