// The public entry of the orders module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createOrdersRepo } from './orders.repo';
export type { OrderRowData } from './orders.repo';
export { ORDER_JOBS, createOrdersService } from './orders.service';
export type {
  ContractStepActor,
  DepositMoves,
  OrderConfirmedHook,
  OrderPaymentGuard,
  OrdersService,
  SettledOrderDraft,
} from './orders.service';
export { createOrderFigures } from './figures';
export type { OrderDay, OrderFigureRow, OrderFigures } from './figures';
