import { Suspense, type ComponentType } from 'react';
import { Skeleton } from 'antd';

/** What a part of the order detail receives: the order it shows. */
export interface OrderPartProps {
  orderNo: string;
}

const parts = new Map<string, ComponentType<OrderPartProps>>();

/**
 * Registers a part another feature adds to a party's order detail (the order's contract); the
 * shell registers them, so the trading feature shows them without importing their feature.
 */
export function registerOrderPart(name: string, component: ComponentType<OrderPartProps>): void {
  parts.set(name, component);
}

/** Every registered part for one order, each loading on its own. */
export function OrderParts({ orderNo }: OrderPartProps) {
  return (
    <>
      {[...parts].map(([name, Part]) => (
        <Suspense key={name} fallback={<Skeleton active title={false} paragraph={{ rows: 2 }} />}>
          <Part orderNo={orderNo} />
        </Suspense>
      ))}
    </>
  );
}
