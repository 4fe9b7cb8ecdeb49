import { currencySymbol } from './constants';
import { wholeUnitsOf } from './quantity';
import { closeReasonWords } from './tender-rules';
import { TRADE_STATUSES } from './trade-constants';
import type { Lang, Localized } from './i18n';

/**
 * Who reads a text: their language and their time zone. Texts the server writes for a person
 * (messages, refusals) are made for the reader when they are read, never frozen in one language.
 */
export interface Reader {
  lang: Lang;
  /** An IANA zone, e.g. Asia/Shanghai; the browser's, sent in the `tz` cookie. */
  timeZone: string;
}

/** The platform's zone: the one a reader who has not told us theirs sees. */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

/** The zone named by a cookie or header when it is a real IANA zone, else the platform's. */
export function readerZone(value: string | undefined | null): string {
  if (!value || value.length > 64) return PLATFORM_TIME_ZONE;
  try {
    zoneFormatter(value);
    return value;
  } catch {
    return PLATFORM_TIME_ZONE;
  }
}

/** An ISO time as "2026-11-28 12:50 UTC+8" in the reader's zone; the zone is named unless told. */
export function formatZonedTime(iso: string, timeZone: string, withZone = true): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const parts = Object.fromEntries(
    zoneFormatter(timeZone)
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const text = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  return withZone ? `${text} ${(parts.timeZoneName ?? 'GMT').replace('GMT', 'UTC')}` : text;
}

/** Integer cents as the screens show money: ￥10,000.00, $120.00, HK$980.00. */
export function formatMoney(cents: number, currency: string | null | undefined): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currencySymbol(currency)}${units}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Money in a stored text's params: a number is cents already, a decimal text ("10000.00", written
 * by older servers) is read into cents by the one reading of typed amounts. NaN when it is neither.
 */
function storedCents(value: string | number): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  const negative = text.startsWith('-');
  const cents = wholeUnitsOf(negative ? text.slice(1) : text, 2);
  return cents === null ? Number.NaN : negative ? -cents : cents;
}

const l = (zhCN: string, enUS: string, zhTW: string): Localized => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/**
 * The units goods are counted in, by every spelling the data uses. A unit a variety was given that
 * is not here is shown as it was written (it is the user's text).
 */
const UNITS: Localized[] = [
  l('吨', 't', '噸'),
  l('千克', 'kg', '公斤'),
  l('公斤', 'kg', '公斤'),
  l('克', 'g', '克'),
  l('升', 'L', '公升'),
  l('立方米', 'm³', '立方公尺'),
  l('方', 'm³', '方'),
  l('桶', 'barrel', '桶'),
  l('箱', 'case', '箱'),
  l('袋', 'bag', '袋'),
  l('件', 'piece', '件'),
  l('台', 'unit', '台'),
  l('批', 'lot', '批'),
];
const UNIT_BY_SPELLING = new Map<string, Localized>();
for (const unit of UNITS)
  for (const spelling of [unit['zh-CN'], unit['zh-TW']]) if (!UNIT_BY_SPELLING.has(spelling)) UNIT_BY_SPELLING.set(spelling, unit);
for (const spelling of ['t', 'T', 'ton', 'tons', 'tonne']) UNIT_BY_SPELLING.set(spelling, UNITS[0]!);
UNIT_BY_SPELLING.set('kg', UNITS[1]!);

/** A unit in the reader's language: 吨 is "t" in English and 噸 in traditional Chinese. */
export function unitName(unit: string | null | undefined, lang: Lang): string {
  if (!unit) return '';
  return UNIT_BY_SPELLING.get(unit.trim())?.[lang] ?? unit;
}

/** A quantity with three decimals and its unit in the reader's language: "1,250.000 t". */
export function formatQuantityIn(value: number, unit: string | null | undefined, lang: Lang): string {
  const [whole, fraction] = Math.abs(value).toFixed(3).split('.');
  const text = `${value < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  const name = unitName(unit, lang);
  return name ? `${text} ${name}` : text;
}

/** A bidder's alias, fixed per auction: 竞买人 3, Bidder 3, 競買人 3. */
export const BIDDER_ALIAS = l('竞买人 {n}', 'Bidder {n}', '競買人 {n}');

/** An alias written as text by older servers ("竞买人 3") in the reader's language; other text as it is. */
export function aliasIn(alias: string, lang: Lang): string {
  const n = /^(?:竞买人|競買人|Bidder)\s*(\d+)$/.exec(alias.trim())?.[1];
  return n ? BIDDER_ALIAS[lang].replace('{n}', n) : alias;
}

/** What a deposit entry was for, read from its reference, and the page that shows it. */
export interface ReferenceMeaning {
  /** order, auctionRegistration, tenderBid, auction; voucher for an operator's own text. */
  kind: 'order' | 'auctionRegistration' | 'tenderBid' | 'auction' | 'voucher';
  /** The order number or record id; the whole text for a voucher. */
  id: string;
}

const REFERENCE_PREFIXES: Record<string, ReferenceMeaning['kind']> = {
  order: 'order',
  'auction-registration': 'auctionRegistration',
  'tender-bid': 'tenderBid',
  auction: 'auction',
};

/** Reads the internal reference the trading modules write (`order:<no>`, `tender-bid:<id>` …). */
export function referenceMeaning(reference: string): ReferenceMeaning {
  const match = /^([a-z-]+):(.+)$/.exec(reference);
  const kind = match ? REFERENCE_PREFIXES[match[1]!] : undefined;
  return kind ? { kind, id: match![2]! } : { kind: 'voucher', id: reference };
}

const REFERENCE_WORDS: Record<Exclude<ReferenceMeaning['kind'], 'voucher'>, Localized> = {
  order: l('订单 {id}', 'order {id}', '訂單 {id}'),
  auctionRegistration: l('竞价报名 #{id}', 'auction registration #{id}', '競價報名 #{id}'),
  tenderBid: l('投标 #{id}', 'tender bid #{id}', '投標 #{id}'),
  auction: l('竞价场次 #{id}', 'auction #{id}', '競價場次 #{id}'),
};

/** A reference in words: "order 2026…010"; an operator's voucher text as it was written. */
export function referenceWords(reference: string, lang: Lang): string {
  const meaning = referenceMeaning(reference);
  return meaning.kind === 'voucher' ? meaning.id : REFERENCE_WORDS[meaning.kind][lang].replace('{id}', meaning.id);
}

/** Keys whose value is money (integer cents, or a decimal text from older servers) in `currency`. */
const MONEY_KEYS = new Set(['amount', 'missing', 'available', 'price', 'deposit']);
/** An instant as the server writes it: a UTC ISO text. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The values a server text is filled from, made for its reader: money as the screens show it
 * (currency symbol, grouped digits), instants in the reader's zone with the zone named, quantities
 * with their unit, trade outcomes, bidder aliases and references in the reader's words. Params
 * written by older servers (a quantity with its unit as text, an outcome or alias in Chinese, money
 * as "10000.00" beside its currency) are read the same way, so stored messages keep working.
 */
export function readerParams(params: Record<string, string | number>, reader: Reader): Record<string, string | number> {
  const shown: Record<string, string | number> = { ...params };
  const currency = typeof params.currency === 'string' ? params.currency : undefined;
  for (const [key, value] of Object.entries(params)) {
    if (currency !== undefined && MONEY_KEYS.has(key)) {
      const cents = storedCents(value);
      if (!Number.isNaN(cents)) shown[key] = formatMoney(cents, currency);
    } else if (typeof value === 'string' && ISO_TIME.test(value)) {
      shown[key] = formatZonedTime(value, reader.timeZone);
    } else if (typeof value === 'string') {
      // "12.5 吨" (a quantity with its unit): the number as written, the unit in the reader's language.
      const [, number, unit] = /^(-?[\d,]+(?:\.\d+)?)\s+(\S+)$/.exec(value) ?? [];
      if (number && unit) shown[key] = `${number} ${unitName(unit, reader.lang)}`;
    }
  }
  if (params.quantity !== undefined) {
    const quantity = params.quantity;
    const numeric =
      typeof quantity === 'number' ? quantity : /^-?[\d,]+(\.\d+)?$/.test(quantity) ? Number(quantity.replace(/,/g, '')) : NaN;
    if (!Number.isNaN(numeric) && typeof params.unit === 'string') shown.quantity = formatQuantityIn(numeric, params.unit, reader.lang);
  }
  if (typeof params.tradeStatus === 'number' || typeof params.tradeStatus === 'string') {
    const label = (TRADE_STATUSES as Record<string, Localized>)[String(params.tradeStatus)];
    if (label) shown.outcome = label[reader.lang];
  } else if (typeof params.outcome === 'string') {
    const label = Object.values(TRADE_STATUSES as Record<string, Localized>).find((l) => l['zh-CN'] === params.outcome);
    if (label) shown.outcome = label[reader.lang];
  }
  if (params.aliasNo !== undefined) shown.alias = BIDDER_ALIAS[reader.lang].replace('{n}', String(params.aliasNo));
  else if (typeof params.alias === 'string') shown.alias = aliasIn(params.alias, reader.lang);
  if (typeof params.reference === 'string') shown.reference = referenceWords(params.reference, reader.lang);
  if (typeof params.reason === 'string') shown.reason = closeReasonWords(params.reason, reader.lang);
  return shown;
}

/**
 * The roles an installation starts with, by the name they are installed under. A role still named
 * so shows its name in the reader's language; a role an operator made or renamed, as written.
 */
const INSTALLED_ROLE_NAMES: Record<string, Localized> = {
  平台管理员: l('平台管理员', 'Platform administrator', '平台管理員'),
  企业用户: l('企业用户', 'Company user', '企業用戶'),
};

/** A role's name for the reader. */
export function roleName(name: string, lang: Lang): string {
  return INSTALLED_ROLE_NAMES[name]?.[lang] ?? name;
}
