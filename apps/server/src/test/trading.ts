import type { LightMyRequestResponse } from 'fastify';
import type { ListingSaveBody, ManagedListing } from '@portal/contracts/listing-manage';
import type { Order, OrderPlaceBody } from '@portal/contracts/orders';
import { createTestApp, envelope, login, type TestApp } from './test-app';

const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The demo accounts trading tests act as. */
export const TRADERS = {
  admin: 'Admin@2026',
  buyer01: 'Buyer@2026',
  buyer02: 'Buyer@2026',
  buyer03: 'Buyer@2026',
  supplier01: 'Supplier@2026',
  supplier02: 'Supplier@2026',
  supplier03: 'Supplier@2026',
} as const;
export type Trader = keyof typeof TRADERS;

/** A clock the test moves by hand; the app, its deadlines and its scheduler read it. */
export function manualClock(start = '2027-06-01T08:00:00.000Z') {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advanceHours(hours: number) {
      at += hours * 3_600_000;
    },
    set(iso: string) {
      at = new Date(iso).getTime();
    },
  };
}

/** A test app with the demo traders signed in and helpers to call the trading endpoints as them. */
export async function createTradingApp(opts: { now?: () => Date; traders?: Trader[]; env?: Record<string, string> } = {}) {
  const t = await createTestApp(opts.env ?? {}, opts.now ? { now: opts.now } : {});
  return withTraders(t, opts.traders ?? (Object.keys(TRADERS) as Trader[]));
}

export async function withTraders(t: TestApp, traders: Trader[]) {
  const tokens = {} as Record<Trader, string>;
  for (const who of traders) tokens[who] = (await login(t.app, who, TRADERS[who])).token;
  const users = await t.database.db.selectFrom('users').select(['id', 'account', 'company_id']).execute();
  const userId = Object.fromEntries(users.map((u) => [u.account, u.id])) as Record<string, number>;
  const companyId = Object.fromEntries(users.map((u) => [u.account, u.company_id])) as Record<string, number>;
  const leaf = await t.database.db
    .selectFrom('varieties as v')
    .select(['v.code', 'v.unit'])
    .where('v.level', '=', 3)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('varieties as c').select('c.id').whereRef('c.par_code', '=', 'v.code'))))
    .orderBy('v.id')
    .executeTakeFirstOrThrow();

  const post = (who: Trader, url: string, payload: unknown = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { token: tokens[who] } });
  /** The answer's data; fails the test with the envelope when the call was refused. */
  const ok = async <T>(who: Trader, url: string, payload: unknown = {}): Promise<T> => {
    const res = await post(who, url, payload);
    const body = envelope(res);
    if (res.statusCode !== 200 || body.error_no !== '0') throw new Error(`${url} as ${who}: ${res.statusCode} ${JSON.stringify(body)}`);
    return body.data as T;
  };
  /** The refusal's status and code. */
  const refused = async (who: Trader, url: string, payload: unknown = {}) => {
    const res = await post(who, url, payload);
    const body = envelope(res);
    return { status: res.statusCode, code: body.error_no, info: body.error_info, data: body.data };
  };

  const draftTerms = (overrides: Partial<ListingSaveBody> = {}): ListingSaveBody => ({
    varietyCode: leaf.code,
    goodsSkuName: '动力煤 Q5500',
    marketCode: 'M01',
    listingType: 'A',
    singlePrice: 68_000,
    currency: 'CNY',
    objListingNum: 100,
    objMinNum: 1,
    objStepNum: 0,
    objListingDay: 30,
    objPeriodDay: 7,
    transportWay: 'A',
    paymentType: 2,
    deliveryPlace: '山西太原',
    ...overrides,
  });

  /** A listing saved, submitted and approved: on sale. */
  async function listingOnSale(owner: Trader = 'supplier01', overrides: Partial<ListingSaveBody> = {}): Promise<ManagedListing> {
    const draft = await ok<ManagedListing>(owner, '/listing/ws/listing/save', draftTerms(overrides));
    await ok(owner, '/listing/ws/listing/submit', { id: draft.id });
    return ok<ManagedListing>('admin', '/listing/ws/listing/review', { id: draft.id, pass: true, reviewRemark: '' });
  }

  let requestSeq = 0;
  const orderTerms = (tradeListingCode: string, quantity: number, extra: Partial<OrderPlaceBody> = {}): OrderPlaceBody => ({
    tradeListingCode,
    quantity,
    deliveryAddress: '河北石家庄中华大街 1 号',
    contactName: '李明',
    contactPhone: '13800000001',
    requestId: `req-${Date.now()}-${++requestSeq}`,
    ...extra,
  });
  const place = (buyer: Trader, code: string, quantity: number, extra: Partial<OrderPlaceBody> = {}) =>
    ok<Order>(buyer, '/commtrade/ws/order/place', orderTerms(code, quantity, extra));

  /** Credits a company's deposit as the operator would on receiving money. */
  const credit = (account: Trader, amount: number, currency = 'CNY') =>
    ok('admin', '/commtrade/ws/deposit/credit', {
      companyUserId: String(userId[account]),
      currency,
      amount,
      reference: `BANK-${++requestSeq}`,
    });

  /** Uploads a picture (a voucher, a waybill) through the upload call, as the pages do; answers its file id. */
  async function upload(who: Trader, name = 'voucher.png'): Promise<string> {
    const file = await ok<{ fileId: string }>(who, '/omc/api/admin/files/upload', { name, contentType: 'image/png', data: ONE_PIXEL_PNG });
    return file.fileId;
  }

  return { ...t, t, tokens, userId, companyId, leaf, post, ok, refused, draftTerms, listingOnSale, orderTerms, place, credit, upload };
}
export type TradingApp = Awaited<ReturnType<typeof withTraders>>;
