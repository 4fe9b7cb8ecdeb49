import { formatNumber } from '../../shared/format';

/**
 * A date read as dayjs reads one (its parser, in these few lines: the home page's dates need no
 * date library): a date and time without a zone ("2026-05-01", "2026-05-01 08:30:00",
 * "2026-05-01T08:30") in the reader's time zone, anything else as the browser's Date reads it.
 */
const DATE_PARTS = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;
function readDate(iso: string): Date {
  // An answer's missing date, as dayjs takes it: none (null) is no date, undefined is now.
  if (typeof iso !== 'string') return new Date(iso === undefined ? Date.now() : NaN);
  const d = /Z$/i.test(iso) ? null : iso.match(DATE_PARTS);
  if (!d) return new Date(iso);
  const part = (text: string | undefined, fallback: number) => (text ? Number(text) : fallback);
  return new Date(
    Number(d[1]),
    part(d[2], 1) - 1,
    part(d[3], 1),
    part(d[4], 0),
    part(d[5], 0),
    part(d[6], 0),
    Number((d[7] ?? '0').substring(0, 3)),
  );
}

const two = (n: number) => String(n).padStart(2, '0');

/** A date as YYYY-MM-DD in the reader's time zone. */
export function formatDate(iso: string): string {
  const d = readDate(iso);
  return Number.isNaN(d.getTime()) ? '' : `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** A date as MM-DD for compact lists. */
export function formatShortDate(iso: string): string {
  const d = readDate(iso);
  return Number.isNaN(d.getTime()) ? '' : `${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** Cuts a text to `max` characters with an ellipsis (notice titles: 32). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** An index value with thousands separators and two decimals. */
export function formatIndexValue(value: number): string {
  return formatNumber(value, 2);
}

/** A change in percent with two decimals and its sign, e.g. +1.29% / -2.16% / 0.00%. */
export function formatChange(percent: number): string {
  const text = `${Math.abs(percent).toFixed(2)}%`;
  return percent > 0 ? `+${text}` : percent < 0 ? `-${text}` : text;
}

export type Trend = 'up' | 'down' | 'flat';
export function trendOf(percent: number): Trend {
  return percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
}
