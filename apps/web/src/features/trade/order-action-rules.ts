import { ORDER_ACTION_VALUES, type OrderAction } from '@portal/contracts/trade-constants';

/** How the page asks for one order action before sending it. */
export interface OrderActionRule {
  /** A reason must be written (refusing). */
  noteRequired: boolean;
  /** Files must be attached: the payment voucher, the waybill. */
  filesRequired: boolean;
  /** Shown in red: it ends or reverses the order. */
  danger: boolean;
  /** The primary button of the detail (the step that moves the order forward). */
  primary: boolean;
}

export const ORDER_ACTION_RULES: Record<OrderAction, OrderActionRule> = {
  confirm: { noteRequired: false, filesRequired: false, danger: false, primary: true },
  refuse: { noteRequired: true, filesRequired: false, danger: true, primary: false },
  cancel: { noteRequired: false, filesRequired: false, danger: true, primary: false },
  pay: { noteRequired: false, filesRequired: true, danger: false, primary: true },
  confirmPayment: { noteRequired: false, filesRequired: false, danger: false, primary: true },
  ship: { noteRequired: false, filesRequired: true, danger: false, primary: true },
  receive: { noteRequired: false, filesRequired: false, danger: false, primary: true },
};

/**
 * The buttons an order shows: exactly the calls the server says the caller may make now, in the
 * order of the lifecycle; anything the page does not know is left out rather than guessed.
 */
export function shownActions(allowed: readonly string[]): OrderAction[] {
  return ORDER_ACTION_VALUES.filter((action) => allowed.includes(action));
}
