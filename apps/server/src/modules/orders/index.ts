// The public entry of the orders module: all that other modules, app.ts and db/ may import from it.
export { createOrdersRepo } from './orders.repo';
export type { OrderRowData } from './orders.repo';
export { ORDER_JOBS, amountOf, createOrdersService } from './orders.service';
export type { DepositMoves, OrdersService, SettledOrderDraft } from './orders.service';
