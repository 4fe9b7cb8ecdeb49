import { formatPrice, formatQuantity } from './format';

/** An amount in integer cents with its currency symbol and thousands separators, in tabular figures. */
export function Money({ cents, currency, signed }: { cents: number | null | undefined; currency: string; signed?: '+' | '-' }) {
  return (
    <span className="tc-money tabular">
      {signed ?? ''}
      {formatPrice(cents, { currency })}
    </span>
  );
}

/** A quantity with three decimals and its unit, in tabular figures. */
export function Quantity({ value, unit }: { value: number | null | undefined; unit?: string }) {
  return <span className="tc-num tabular">{formatQuantity(value, unit)}</span>;
}
