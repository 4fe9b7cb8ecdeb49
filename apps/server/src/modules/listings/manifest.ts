import { trading } from './migrations/004-trading';
import { listingCards } from './migrations/143-listing-cards';
import { defineModule } from '../../platform/module';
import { createListingsRepo } from './listings.repo';
import { registerListingsRoutes } from './listings.routes';
import { createListingsService } from './listings.service';

/** The market: the public listing search, its facets and a listing's detail. */
export const listingsModule = defineModule({
  name: 'listings',
  // The trading tables (varieties, markets, shops, listings, spaces, tenders) came in one release.
  migrations: { '004-trading': trading, '143-listing-cards': listingCards },
  services: ({ db, dialect }) => createListingsService({ repo: createListingsRepo(db, dialect) }),
  routes: (app, listings, ctx) => registerListingsRoutes(app, { access: ctx.need('access'), listings }),
});
