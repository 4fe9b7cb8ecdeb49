import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import type { Order } from '@portal/contracts/orders';
import type { ManagedTender, TenderBid } from '@portal/contracts/tender-trade';
import { createTestApp, envelope, login } from '../../test/test-app';
import { manualClock, withTraders, type TradingApp } from '../../test/trading';

/**
 * Who reads a stored file: evidence (a voucher, a waybill, a tender bid's attachment) only its
 * uploader's company, the other party of its record and the operators who may see the record;
 * pictures everyone. Each kind is asked for as its owner, the other party, a third company, an
 * operator and a visitor.
 */
let a: TradingApp;
const clock = manualClock();
beforeAll(async () => {
  const t = await createTestApp({ TENDER_SEAL_KEY: randomBytes(32).toString('base64') }, { now: clock.now });
  a = await withTraders(t, ['admin', 'buyer01', 'buyer02', 'supplier01', 'supplier02']);
});
afterAll(async () => {
  await a.close();
});

type Reader = 'buyer01' | 'buyer02' | 'supplier01' | 'supplier02' | 'admin' | 'visitor';

/** The status each reader gets for the file, asking with the session's token (a visitor with none). */
async function readers(fileId: string, who: Reader[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const reader of who) {
    const headers = reader === 'visitor' ? {} : { token: a.tokens[reader] };
    const res = await a.app.inject({ method: 'GET', url: `/file/download?fileId=${fileId}`, headers });
    out[reader] = res.statusCode;
  }
  return out;
}

const refusal = async (who: 'buyer01' | 'supplier01', url: string, payload: object) => {
  const r = await a.refused(who, url, payload);
  return {
    status: r.status,
    field: (r.data as { field?: string; reason?: string } | null)?.field,
    reason: (r.data as { reason?: string })?.reason,
  };
};

describe('payment vouchers and waybills', () => {
  let order: Order;
  let voucher: string;
  let waybill: string;
  beforeAll(async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 50 });
    order = await a.place('buyer01', listing.tradeListingCode, 1);
    await a.ok('supplier01', '/commtrade/ws/order/confirm', { orderNo: order.orderNo });
  });

  it('takes only the payer’s own upload as the voucher, naming the field', async () => {
    const others = await a.upload('supplier02', 'not-mine.png');
    const sellers = await a.upload('supplier01', 'sellers.png');
    for (const fileIds of [[others], [sellers], ['up-no-such-file.png']]) {
      expect(await refusal('buyer01', '/commtrade/ws/order/pay', { orderNo: order.orderNo, fileIds })).toEqual({
        status: 400,
        field: 'fileIds',
        reason: 'notOwnUpload',
      });
    }
    const refused = await a.refused('buyer01', '/commtrade/ws/order/pay', { orderNo: order.orderNo, fileIds: [others] });
    expect(refused.info).toContain('fileIds');
    expect(refused.info).toContain('须为本公司上传的文件');
    // Nothing moved: the order still waits for the payment.
    expect((await a.ok<Order>('buyer01', '/commtrade/ws/order/detail', { orderNo: order.orderNo })).state).toBe(2);
    voucher = await a.upload('buyer01', 'voucher.png');
    expect(await readers(voucher, ['buyer01', 'supplier01', 'buyer02', 'visitor'])).toEqual({
      buyer01: 200,
      supplier01: 200,
      buyer02: 200,
      visitor: 200,
    });
    await a.ok('buyer01', '/commtrade/ws/order/pay', { orderNo: order.orderNo, fileIds: [voucher] });
  });

  it('lets the voucher be read by the payer, the seller and operators only', async () => {
    expect(await readers(voucher, ['buyer01', 'supplier01', 'admin', 'buyer02', 'supplier02', 'visitor'])).toEqual({
      buyer01: 200,
      supplier01: 200,
      admin: 200,
      buyer02: 404,
      supplier02: 404,
      visitor: 401,
    });
    const res = await a.app.inject({ method: 'GET', url: `/file/download?fileId=${voucher}`, headers: { token: a.tokens.supplier01 } });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A browser sends the session cookie, not the token header.
    const signedIn = await login(a.app, 'supplier01', 'Supplier@2026');
    // The new sign-in ended the one before on this terminal; the test goes on with the new one.
    a.tokens.supplier01 = signedIn.token;
    const cookie = signedIn.cookie;
    const byCookie = await a.app.inject({ method: 'GET', url: `/file/download?fileId=${voucher}`, headers: { cookie } });
    expect(byCookie.statusCode).toBe(200);
    const third = await a.app.inject({ method: 'GET', url: `/file/download?fileId=${voucher}`, headers: { token: a.tokens.buyer02 } });
    expect(envelope(third).error_no).toBe('100004');
  });

  it('takes only the seller’s own upload as the waybill, read by both parties and operators only', async () => {
    await a.ok('supplier01', '/commtrade/ws/order/confirmPayment', { orderNo: order.orderNo });
    expect(await refusal('supplier01', '/commtrade/ws/order/ship', { orderNo: order.orderNo, fileIds: [voucher] })).toEqual({
      status: 400,
      field: 'fileIds',
      reason: 'notOwnUpload',
    });
    waybill = await a.upload('supplier01', 'waybill.png');
    await a.ok('supplier01', '/commtrade/ws/order/ship', { orderNo: order.orderNo, fileIds: [waybill] });
    expect(await readers(waybill, ['supplier01', 'buyer01', 'admin', 'buyer02', 'supplier02', 'visitor'])).toEqual({
      supplier01: 200,
      buyer01: 200,
      admin: 200,
      buyer02: 404,
      supplier02: 404,
      visitor: 401,
    });
  });
});

describe('tender bid attachments', () => {
  it('are the supplier’s own uploads, sealed from everyone else until the bid is opened, then the buyer’s and operators’ too', async () => {
    const at = clock.now().getTime();
    const draft = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', {
      tenderName: '电煤采购招标（附件）',
      tenderType: 'bidding',
      currency: 'CNY',
      paymentType: 2,
      contactName: '李明',
      contactPhone: '0311-86650001',
      description: '<p>采购电煤</p>',
      bidBeginTime: new Date(at).toISOString(),
      bidEndTime: new Date(at + 2 * 3_600_000).toISOString(),
      evaluationMethod: 'lowest',
      minValidBids: 1,
      deposit: 0,
      documentFileIds: [],
      lines: [
        { goodsName: '动力煤 Q5500', specification: '', quantity: 100, unit: '吨', deliveryPlace: '河北', deliveryDate: '2027-08-01' },
      ],
    });
    const tender = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    const bidBody = (fileIds: string[]) => ({
      tenderId: tender.id,
      lines: [{ lineNo: 1, unitPrice: 70_000, quantity: 100, deliveryDate: '2027-07-20' }],
      remark: '',
      fileIds,
    });
    const others = await a.upload('supplier02', 'qualification.png');
    expect(await refusal('supplier01', '/purchase/ws/tenderBid/save', bidBody([others]))).toEqual({
      status: 400,
      field: 'fileIds',
      reason: 'notOwnUpload',
    });
    const superseded = await a.upload('supplier01', 'draft-prices.png');
    await a.ok<TenderBid>('supplier01', '/purchase/ws/tenderBid/save', bidBody([superseded]));
    const attachment = await a.upload('supplier01', 'qualification.png');
    await a.ok<TenderBid>('supplier01', '/purchase/ws/tenderBid/save', bidBody([attachment]));
    const everyone: Reader[] = ['supplier01', 'buyer01', 'admin', 'supplier02', 'visitor'];
    expect(await readers(attachment, everyone)).toEqual({ supplier01: 200, buyer01: 404, admin: 404, supplier02: 404, visitor: 401 });

    clock.advanceHours(3);
    await a.app.live.scheduler.runDue();
    expect((await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/detail', { id: tender.id })).objState).toBe(3);
    expect(await readers(attachment, everyone)).toEqual({ supplier01: 200, buyer01: 200, admin: 200, supplier02: 404, visitor: 401 });
    // What an earlier version attached is not part of the opened bid: it stays the supplier's.
    expect(await readers(superseded, everyone)).toEqual({ supplier01: 200, buyer01: 404, admin: 404, supplier02: 404, visitor: 401 });
  });
});

describe('pictures', () => {
  const everyone: Reader[] = ['supplier01', 'buyer01', 'buyer02', 'admin', 'visitor'];
  const allRead = { supplier01: 200, buyer01: 200, buyer02: 200, admin: 200, visitor: 200 };

  it('of a listing and an auction space stay public', async () => {
    const listingPicture = await a.upload('supplier01', 'coal.png');
    await a.listingOnSale('supplier01', { pictures: [listingPicture] });
    expect(await readers(listingPicture, everyone)).toEqual(allRead);
    const res = await a.app.inject({ method: 'GET', url: `/file/download?fileId=${listingPicture}` });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const auctionPicture = await a.upload('supplier01', 'lot.png');
    const begin = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const end = new Date(clock.now().getTime() + 2 * 3_600_000).toISOString();
    await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/save', {
      spaceName: '晋煤销售竞拍专场',
      name: '煤炭 / 动力煤',
      spaceAuctionMode: 1,
      auctionBeginTime: begin,
      auctionEndTime: end,
      priceStep: 1_000,
      deposit: 0,
      itemList: [
        {
          pieceName: '动力煤 Q5500 第1标',
          varietyCode: a.leaf.code,
          totalWeight: 1000,
          basePrice: 60_000,
          paymentType: 2,
          transportWay: 'A',
          deliveryPlace: '山西太原',
          pictures: [auctionPicture],
        },
      ],
    });
    expect(await readers(auctionPicture, everyone)).toEqual(allRead);
  });

  it('of articles, banners and enterprises stay public', async () => {
    const db = a.database.db;
    const idOf = (url: string | undefined) => new URL(url!, 'http://x').searchParams.get('fileId')!;
    const banner = idOf(
      (await db.selectFrom('cms_banners').select('image_url').where('image_url', 'like', '%fileId=%').executeTakeFirst())?.image_url,
    );
    const logo = idOf((await db.selectFrom('cms_enterprises').select('logo').where('logo', 'like', '%fileId=%').executeTakeFirst())?.logo);
    for (const fileId of [banner, logo]) expect(await readers(fileId, everyone), fileId).toEqual(allRead);
    // An operator's own upload, as an article's cover or a banner's picture is made.
    const upload = await a.upload('admin', 'banner.png');
    expect(await readers(upload, everyone)).toEqual(allRead);
  });
});
