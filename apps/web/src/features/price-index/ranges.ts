import type { PriceIndexDay } from '@portal/contracts/price-index';

export const RANGES = ['1M', '3M', '1Y', 'all'] as const;
export type Range = (typeof RANGES)[number];
const MONTHS: Record<Exclude<Range, 'all'>, number> = { '1M': 1, '3M': 3, '1Y': 12 };

/** The day `months` calendar months before `day` (YYYY-MM-DD). */
export function monthsBefore(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

/** The days of a range ending at the last publication: after the day that many months before it. */
export function daysInRange(days: readonly PriceIndexDay[], range: Range): PriceIndexDay[] {
  const last = days[days.length - 1];
  if (!last || range === 'all') return [...days];
  const from = monthsBefore(last.date, MONTHS[range]);
  return days.filter((d) => d.date > from);
}

/** Cents per unit as yuan with two decimals; '-' when there is no value. */
export function yuan(cents: number | null): string {
  if (cents === null) return '-';
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function volumeText(volume: number): string {
  return volume.toLocaleString('en-US', { maximumFractionDigits: 3 });
}
