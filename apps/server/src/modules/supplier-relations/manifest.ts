import { onePendingApplication } from './migrations/151-one-pending-application';
import { defineModule } from '../../platform/module';
import { createSupplierRelationsRepo } from './supplier-relations.repo';
import { registerSupplierRelationsRoutes } from './supplier-relations.routes';
import { createSupplierRelationsService, type SupplierRelationsService } from './supplier-relations.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    supplierRelations: SupplierRelationsService;
  }
}

/** A buyer's supplier list and its remarks. */
export const supplierRelationsModule = defineModule({
  name: 'supplier-relations',
  migrations: { '151-one-pending-application': onePendingApplication },
  services: (ctx) =>
    createSupplierRelationsService({
      repo: createSupplierRelationsRepo(ctx.db),
      writes: ctx.writes,
      notifyCompany: ctx.need('messages').notifyCompany,
      now: ctx.now,
    }),
  provides: (supplierRelations) => ({ supplierRelations }),
  routes: (app, suppliers, ctx) => registerSupplierRelationsRoutes(app, { access: ctx.need('access'), suppliers }),
});
