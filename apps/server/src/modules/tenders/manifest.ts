import { defineModule } from '../../platform/module';
import { createTendersRepo } from './tenders.repo';
import { registerTendersRoutes } from './tenders.routes';
import { createTendersService } from './tenders.service';

/** The portal's public tender lists. */
export const tendersModule = defineModule({
  name: 'tenders',
  services: ({ db, now }) => createTendersService({ repo: createTendersRepo(db), now }),
  routes: (app, tenders, ctx) => registerTendersRoutes(app, { access: ctx.need('access'), tenders }),
});
