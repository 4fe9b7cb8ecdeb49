import { amountInChineseCapitals } from '@portal/contracts/chinese-amount';
import { CONTRACT_PLACEHOLDER_NAMES, type ContractPlaceholder } from '@portal/contracts/contracts';
import { PAYMENT_TYPES, TRANSPORT_WAYS } from '@portal/contracts/constants';
import type { Lang } from '@portal/contracts/i18n';
import type { OrderSnapshot } from '@portal/contracts/orders';
import { fromMilli } from '@portal/contracts/quantity';

const PLACEHOLDER = /\{\{\s*([A-Za-z.]+)\s*\}\}/g;
const KNOWN = new Set<string>(CONTRACT_PLACEHOLDER_NAMES);

/** The placeholder names a template's text uses that the generator does not know. */
export function unknownPlaceholders(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))].filter((name) => !KNOWN.has(name));
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The template's text with every placeholder filled: values as text, the clauses as the markup they are. */
export function fillTemplate(body: string, values: Record<ContractPlaceholder, string>): string {
  return body.replace(PLACEHOLDER, (_whole, name: string) => {
    if (name === 'clauses') return values.clauses;
    return KNOWN.has(name) ? escapeHtml(values[name as ContractPlaceholder]) : '';
  });
}

/** Cents as figures with thousands separators: 6800000 -> 68,000.00. */
export function figures(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

export interface PartyFacts {
  name: string;
  creditCode: string;
  address: string;
  contact: string;
  phone: string;
}

export interface DealFacts {
  contractNo: string;
  orderNo: string;
  madeAt: Date;
  lang: Lang;
  buyer: PartyFacts;
  seller: PartyFacts;
  snapshot: OrderSnapshot;
  quantityMilli: number;
  amount: number;
  currency: string;
  depositFrozen: number;
  deliveryAddress: string;
  payBy: string;
  clauses: string;
}

const dateOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

const DAYS: Record<Lang, (n: number) => string> = {
  'zh-CN': (n) => `合同生效后 ${n} 日内`,
  'en-US': (n) => `within ${n} days of the contract`,
  'zh-TW': (n) => `合約生效後 ${n} 日內`,
};

/** The values every placeholder takes for one deal, written in the contract's language. */
export function dealValues(d: DealFacts): Record<ContractPlaceholder, string> {
  const s = d.snapshot;
  const money = (cents: number) => `${figures(cents)} ${d.currency}`;
  const label = (table: Record<string, Record<Lang, string>>, key: string | number) => table[String(key)]?.[d.lang] ?? String(key);
  const party = (p: PartyFacts, side: 'buyer' | 'seller') => ({
    [`${side}.name`]: p.name,
    [`${side}.creditCode`]: p.creditCode,
    [`${side}.address`]: p.address,
    [`${side}.contact`]: p.contact,
    [`${side}.phone`]: p.phone,
  });
  return {
    contractNo: d.contractNo,
    orderNo: d.orderNo,
    signDate: dateOf(d.madeAt),
    originName: s.originName ?? s.goodsSkuName,
    ...party(d.buyer, 'buyer'),
    ...party(d.seller, 'seller'),
    'goods.variety': s.varietyName,
    'goods.spec': s.goodsSkuName,
    'goods.quantity': String(fromMilli(d.quantityMilli)),
    'goods.unit': s.unit,
    'goods.unitPrice': figures(s.singlePrice),
    'goods.amount': money(d.amount),
    // Chinese capitals are a Chinese-currency convention; other currencies carry the figures twice.
    'goods.amountInWords': d.currency === 'CNY' ? `人民币${amountInChineseCapitals(d.amount)}` : money(d.amount),
    'goods.currency': d.currency,
    'delivery.place': s.deliveryPlace,
    'delivery.period': DAYS[d.lang](s.objPeriodDay),
    'delivery.transport': label(TRANSPORT_WAYS, s.transportWay),
    'delivery.address': d.deliveryAddress,
    'payment.type': label(PAYMENT_TYPES, s.paymentType),
    'payment.deadline': d.payBy ? dateOf(d.payBy) : '',
    'payment.deposit': money(d.depositFrozen),
    clauses: d.clauses,
  } as Record<ContractPlaceholder, string>;
}
