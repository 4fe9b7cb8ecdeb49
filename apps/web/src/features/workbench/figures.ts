import type { DayFigure, MonthFigure } from '@portal/contracts/workbench';

/** One bar: its time (YYYY-MM-DD, the month's first day for months) and its amount in cents. */
export interface Bar {
  time: string;
  amount: number;
}

/** The `n` months (YYYY-MM, UTC) up to the one `at` falls in, oldest first. */
export function monthsUpTo(at: string, n: number): string[] {
  const d = new Date(at);
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (n - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** The `n` days (YYYY-MM-DD, UTC) up to the one `at` falls in, oldest first. */
export function daysUpTo(at: string, n: number): string[] {
  const d = new Date(at);
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - (n - 1 - i))).toISOString().slice(0, 10),
  );
}

/** The currency with the largest amount: what a chart of one currency draws (CNY when there is nothing). */
export function mainCurrency(rows: readonly { currency: string; amount: number }[]): string {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount);
  let best = 'CNY';
  let most = -1;
  for (const [currency, sum] of sums) {
    if (sum > most) [best, most] = [currency, sum];
  }
  return best;
}

/** One bar per month of `months` in one currency, a month without deals at 0. */
export function monthBars(rows: readonly MonthFigure[], months: readonly string[], currency: string): Bar[] {
  const sums = new Map<string, number>();
  for (const r of rows) if (r.currency === currency) sums.set(r.month, (sums.get(r.month) ?? 0) + r.amount);
  return months.map((month) => ({ time: `${month}-01`, amount: sums.get(month) ?? 0 }));
}

/** One bar per day of `days` in one currency, a day without deals at 0. */
export function dayBars(rows: readonly DayFigure[], days: readonly string[], currency: string): Bar[] {
  const sums = new Map<string, number>();
  for (const r of rows) if (r.currency === currency) sums.set(r.day, (sums.get(r.day) ?? 0) + r.amount);
  return days.map((day) => ({ time: day, amount: sums.get(day) ?? 0 }));
}

/** One variety in one currency over all the months: the largest amount first. */
export interface VarietyTotal {
  key: string;
  varietyName: string;
  currency: string;
  orders: number;
  amount: number;
}

export function varietyTotals(rows: readonly MonthFigure[]): VarietyTotal[] {
  const sums = new Map<string, VarietyTotal>();
  for (const r of rows) {
    const key = `${r.varietyCode} ${r.currency}`;
    const sum = sums.get(key) ?? { key, varietyName: r.varietyName || r.varietyCode, currency: r.currency, orders: 0, amount: 0 };
    sum.orders += r.orders;
    sum.amount += r.amount;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));
}

/** The amounts of one month (YYYY-MM) per currency, the largest first. */
export function amountsOf(rows: readonly { currency: string; amount: number }[]): { currency: string; amount: number }[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount);
  return [...sums].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount);
}

/** The highest bar (the first of equals); null when every bar is 0. */
export function highest(bars: readonly Bar[]): Bar | null {
  let best: Bar | null = null;
  for (const b of bars) if (b.amount > 0 && (!best || b.amount > best.amount)) best = b;
  return best;
}
