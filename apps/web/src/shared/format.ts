import { HIDDEN_PRICE, PRICE_TYPE_CENTS, currencySymbol } from '@portal/contracts/constants';
import i18next from 'i18next';
import { LANGS, type Lang } from '@portal/contracts/i18n';
import { formatZonedTime, unitName } from '@portal/contracts/reader';

/**
 * How traders read numbers (DESIGN.md): thousands separators, the
 * currency symbol before the amount, 3 decimals for quantities, changes with an arrow.
 */

/** One formatter per number of decimals: `toLocaleString` with options builds a new one per call (about 1 ms on a phone). */
const formatters = new Map<number, Intl.NumberFormat>();
function grouped(value: number, decimals: number): string {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  return formatter.format(value);
}

/** A plain number with thousands separators and a fixed number of decimals. */
export function formatNumber(value: number, decimals = 2): string {
  return Number.isFinite(value) ? grouped(value, decimals) : '-';
}

interface PriceOptions {
  /** 1 (PRICE_TYPE_CENTS): the value is in cents and is divided by 100. */
  type?: number;
  currency?: string | null;
  /** The base price of an auction piece that is not open: shown as ****. */
  hidden?: boolean;
}

/** A price such as ￥1,234.50, $120.00 or HK$980.00; **** when hidden; - when absent. */
export function formatPrice(
  value: number | null | undefined,
  { type = PRICE_TYPE_CENTS, currency, hidden = false }: PriceOptions = {},
): string {
  if (hidden) return HIDDEN_PRICE;
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const amount = type === PRICE_TYPE_CENTS ? value / 100 : value;
  return `${currencySymbol(currency)}${grouped(amount, 2)}`;
}

/** The interface language now (zh-CN before the texts have started). */
function interfaceLang(): Lang {
  return (LANGS as readonly string[]).includes(i18next.language) ? (i18next.language as Lang) : 'zh-CN';
}

/** A unit in the reader's language: 吨 is "t" in English and 噸 in traditional Chinese; a unit of the user's own as written. */
export function formatUnit(unit: string | null | undefined): string {
  return unitName(unit, interfaceLang());
}

/** A quantity with 3 decimals and its unit in the reader's language: 1,250.000 t. */
export function formatQuantity(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return unit ? `${grouped(value, 3)} ${formatUnit(unit)}` : grouped(value, 3);
}

export type Trend = 'up' | 'down' | 'flat';

/** A change in percent: ↑ 1.25% / ↓ 0.50% / 0.00%, with its trend for the colour. */
export function formatChange(percent: number): { text: string; trend: Trend } {
  const rounded = Math.round(percent * 100) / 100;
  const text = `${Math.abs(rounded).toFixed(2)}%`;
  if (rounded > 0) return { text: `↑ ${text}`, trend: 'up' };
  if (rounded < 0) return { text: `↓ ${text}`, trend: 'down' };
  return { text, trend: 'flat' };
}

/** Cuts a text to `max` characters (not UTF-16 units) with an ellipsis. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD in the reader's time zone. */
export function formatDate(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** YYYY-MM-DD HH:mm in the reader's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** The reader's zone (the browser's), which the server is told too (the `tz` cookie). */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Shanghai';
}

/**
 * YYYY-MM-DD HH:mm with the zone named ("2026-11-28 12:50 UTC+8"), for the times a person acts
 * by: deadlines, bid and opening times. Written as the server writes them in messages.
 */
export function formatZonedDateTime(iso: string | null | undefined): string {
  return iso && !Number.isNaN(new Date(iso).getTime()) ? formatZonedTime(iso, readerTimeZone()) : '';
}

/** The reader's zone as the zoned times name it ("UTC+8") at the moment `iso`. */
export function zoneAt(iso: string): string {
  return formatZonedDateTime(iso).split(' ')[2] ?? '';
}
