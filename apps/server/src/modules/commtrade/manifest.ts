import { defineModule } from '../../platform/module';
import { createCommtradeRepo } from './commtrade.repo';
import { registerCommtradeRoutes } from './commtrade.routes';
import { createCommtradeService } from './commtrade.service';

/** The trade centre's public pages: shops, varieties, markets. */
export const commtradeModule = defineModule({
  name: 'commtrade',
  services: ({ db }) => createCommtradeService({ repo: createCommtradeRepo(db) }),
  routes: (app, commtrade, ctx) => registerCommtradeRoutes(app, { access: ctx.need('access'), commtrade }),
});
