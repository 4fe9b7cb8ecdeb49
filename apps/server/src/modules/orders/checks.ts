import { fromMilli, orderQuantityProblem } from '@portal/contracts/quantity';
import type { OrderAction, OrderContractEvent, OrderEventAction } from '@portal/contracts/trade-constants';
import type { orderMachine } from '@portal/contracts/orders';
import type { StateOf } from '@portal/contracts/state-machine';
import { AppError } from '../../platform/errors';
import type { OrderRowData } from './orders.repo';

export type Side = 'buyer' | 'seller';
export type Party = { side: Side; userId: number; name: string; companyId: number };

export type OrderState = StateOf<typeof orderMachine>;
/** An order's steps after it exists: each is a transition of the order machine. */
export type OrderStep = Exclude<OrderEventAction, 'place' | 'settle' | OrderContractEvent>;

/**
 * What one side may do to an order now. The buyer cancels only before the seller confirms; the
 * seller cancels a confirmed order only after the payment deadline has passed.
 */
export function allowedActions(order: Pick<OrderRowData, 'state' | 'pay_by'>, side: Side | null, nowIso: string): OrderAction[] {
  if (side === 'buyer') {
    if (order.state === 1) return ['cancel'];
    if (order.state === 2) return ['pay'];
    if (order.state === 5) return ['receive'];
    return [];
  }
  if (side === 'seller') {
    if (order.state === 1) return ['confirm', 'refuse'];
    if (order.state === 2 && order.pay_by !== '' && order.pay_by <= nowIso) return ['cancel'];
    if (order.state === 3) return ['confirmPayment'];
    if (order.state === 4) return ['ship'];
    return [];
  }
  return [];
}

/** Which side's action each call is, so a call by the other side is refused as not theirs. */
export const ACTION_SIDES: Record<OrderAction, Side[]> = {
  confirm: ['seller'],
  refuse: ['seller'],
  cancel: ['buyer', 'seller'],
  pay: ['buyer'],
  confirmPayment: ['seller'],
  ship: ['seller'],
  receive: ['buyer'],
};

/**
 * Refuses a quantity off a listing's terms (the rule shared with the pages) with what is allowed:
 * more than is left, below the minimum, or off the step above the minimum.
 */
export function checkQuantity(quantityMilli: number, surplus: number, terms: { minMilli: number; stepMilli: number; unit: string }): void {
  const { unit, minMilli: min, stepMilli } = terms;
  const left = `${fromMilli(surplus)} ${unit}`.trim();
  switch (orderQuantityProblem(quantityMilli, { minMilli: min, stepMilli, restMilli: surplus })) {
    case 'aboveSurplus':
      throw new AppError('NOT_ENOUGH_STOCK', { left });
    // When less than the minimum remains, the order takes exactly what remains.
    case 'onlyRest':
      throw new AppError('ORDER_BELOW_MINIMUM', { min: left });
    case 'belowMin':
      throw new AppError('ORDER_BELOW_MINIMUM', { min: `${fromMilli(min)} ${unit}`.trim() });
    case 'offStep':
      throw new AppError('ORDER_OFF_STEP', {
        min: `${fromMilli(min)} ${unit}`.trim(),
        step: `${fromMilli(stepMilli)} ${unit}`.trim(),
      });
  }
}
