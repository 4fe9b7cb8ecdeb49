import { ORDER_PERMISSION, ORDER_WATCH_PERMISSION } from '@portal/contracts/orders';
import { orders as ordersMigration } from '../../db/migrations/110-orders';
import { defineModule } from '../../platform/module';
import { createOrdersRepo } from './orders.repo';
import { registerOrdersRoutes } from './orders.routes';
import { createOrdersService, ORDER_JOBS, type OrdersService } from './orders.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    orders: OrdersService;
  }
}

/** Orders from listings, auctions and tenders, with their deadlines run by timed jobs. */
export const ordersModule = defineModule({
  name: 'orders',
  migrations: { '110-orders': ordersMigration },
  permissions: [ORDER_PERMISSION, ORDER_WATCH_PERMISSION],
  settings: ['ORDER_CONFIRM_HOURS', 'ORDER_PAY_HOURS', 'ORDER_RECEIVE_DAYS', 'ORDER_DEADLINE_NEAR_HOURS'],
  services(ctx) {
    const s = ctx.settings;
    return createOrdersService({
      repo: createOrdersRepo(ctx.db, ctx.dialect),
      writes: ctx.writes,
      scheduler: ctx.scheduler,
      deposits: ctx.need('depositLedger'),
      notifyCompany: ctx.need('messages').notifyCompany,
      deadlines: {
        confirmHours: s.ORDER_CONFIRM_HOURS,
        payHours: s.ORDER_PAY_HOURS,
        receiveDays: s.ORDER_RECEIVE_DAYS,
        nearHours: s.ORDER_DEADLINE_NEAR_HOURS,
      },
      now: ctx.now,
    });
  },
  provides: (orders) => ({ orders }),
  jobs: (orders) => ({
    [ORDER_JOBS.confirmDeadline]: (trx, job, emit) => orders.confirmDeadline(trx, job.key, job.runAt, emit),
    [ORDER_JOBS.payDeadlineNear]: (trx, job, emit) => orders.payDeadlineNear(trx, job.key, job.runAt, emit),
    [ORDER_JOBS.receiveDeadline]: (trx, job, emit) => orders.receiveDeadline(trx, job.key, job.runAt, emit),
  }),
  routes: (app, orders, ctx) => registerOrdersRoutes(app, { access: ctx.need('access'), orders }),
});
