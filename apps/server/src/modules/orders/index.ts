export { createOrdersRepo } from './orders.repo';
export type { OrderRowData } from './orders.repo';
export { registerOrdersRoutes } from './orders.routes';
export { ORDER_JOBS, amountOf, createOrdersService } from './orders.service';
export type { DepositMoves, OrdersService, SettledOrderDraft } from './orders.service';
