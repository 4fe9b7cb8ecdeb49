import dayjs from 'dayjs';
import { formatNumber } from '../../shared/format';

/** A date as YYYY-MM-DD in the reader's time zone. */
export function formatDate(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
}

/** A date as MM-DD for compact lists. */
export function formatShortDate(iso: string): string {
  const d = dayjs(iso);
  return d.isValid() ? d.format('MM-DD') : '';
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
