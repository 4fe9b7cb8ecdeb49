import { ORDER_PERMISSION, ORDER_WATCH_PERMISSION } from '@portal/contracts/orders';
import { localized as l } from '@portal/contracts/constants';
import { orders as ordersMigration } from './migrations/110-orders';
import { defineModule } from '../../platform/module';
import { createOrdersRepo } from './orders.repo';
import { registerOrdersRoutes } from './orders.routes';
import { createOrdersService, ORDER_FILES, ORDER_JOBS, type OrdersService } from './orders.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    orders: OrdersService;
  }
}

/** Orders from listings, auctions and tenders, with their deadlines run by timed jobs. */
export const ordersModule = defineModule({
  name: 'orders',
  migrations: { '110-orders': ordersMigration },
  title: l('订单', 'Orders', '訂單'),
  permissions: [
    { code: ORDER_PERMISSION, title: l('下单与处理本企业订单', "Place and handle the own company's orders", '下單與處理本企業訂單') },
    { code: ORDER_WATCH_PERMISSION, title: l('订单监管', 'Order supervision', '訂單監管') },
  ],
  settings: ['ORDER_CONFIRM_HOURS', 'ORDER_PAY_HOURS', 'ORDER_RECEIVE_DAYS', 'ORDER_DEADLINE_NEAR_HOURS'],
  services(ctx) {
    const s = ctx.settings;
    const files = ctx.need('files');
    const orders = createOrdersService({
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
      files,
      now: ctx.now,
    });
    files.defineScope(ORDER_FILES, { readers: orders.fileReaders });
    return orders;
  },
  provides: (orders) => ({ orders }),
  jobs: (orders) => ({
    [ORDER_JOBS.confirmDeadline]: (trx, job, emit) => orders.confirmDeadline(trx, job.key, job.runAt, emit),
    [ORDER_JOBS.payDeadlineNear]: (trx, job, emit) => orders.payDeadlineNear(trx, job.key, job.runAt, emit),
    [ORDER_JOBS.receiveDeadline]: (trx, job, emit) => orders.receiveDeadline(trx, job.key, job.runAt, emit),
  }),
  routes: (app, orders, ctx) => registerOrdersRoutes(app, { access: ctx.need('access'), orders, metrics: ctx.metrics }),
});
