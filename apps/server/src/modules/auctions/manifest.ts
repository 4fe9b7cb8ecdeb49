import { defineModule } from '../../platform/module';
import { createAuctionsRepo } from './auctions.repo';
import { registerAuctionsRoutes } from './auctions.routes';
import { createAuctionsService } from './auctions.service';

/** The portal's public auction lists. */
export const auctionsModule = defineModule({
  name: 'auctions',
  services: ({ db }) => createAuctionsService({ repo: createAuctionsRepo(db) }),
  routes: (app, auctions, ctx) => registerAuctionsRoutes(app, { access: ctx.need('access'), auctions }),
});
