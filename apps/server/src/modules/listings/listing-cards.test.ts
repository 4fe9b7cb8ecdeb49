import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '@portal/contracts/files';
import { listingItemSchema, listingPageSchema, type ListingItem } from '@portal/contracts/listings';
import { rebuildListingCards } from './migrations/143-listing-cards';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A listing as the market must show it, worked out here from its columns and SKUs, independently
 * of the SQL that keeps the cards: ids as text, thousandths of a unit as units, the picture as its
 * download address, the SKUs in their order.
 */
async function expectedItem(id: number): Promise<ListingItem> {
  const db = t.database.db;
  const row = await db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const skus = await db.selectFrom('listing_skus').selectAll().where('listing_id', '=', id).orderBy('sort').orderBy('id').execute();
  const units = (milli: number) => Math.round(Number(milli)) / 1000;
  return {
    id: String(row.id),
    tradeListingCode: row.trade_listing_code,
    listingType: row.listing_type,
    holdBs: row.hold_bs,
    objState: row.obj_state,
    singlePrice: Number(row.single_price),
    currency: row.currency,
    surplusListingNum: units(row.surplus_milli),
    objListingNum: units(row.obj_listing_milli),
    objListingDay: row.obj_listing_day,
    objPeriodDay: row.obj_period_day,
    objMinNum: units(row.min_milli),
    transportWay: row.transport_way,
    paymentType: row.payment_type,
    userName: row.user_name,
    userId: String(row.seller_id),
    marketCode: row.market_code,
    varietyCode: row.variety_code,
    varietyName: row.variety_name,
    picPath: row.pic_file_id ? fileUrl(row.pic_file_id) : '',
    publishTime: row.publish_time,
    skuList: skus.map((s) => ({ goodsSkuName: s.goods_sku_name, varietyUnit: s.variety_unit })),
  };
}

const cardOf = async (id: number): Promise<unknown> => {
  const row = await t.database.db.selectFrom('listings').select('card_json').where('id', '=', id).executeTakeFirstOrThrow();
  return JSON.parse(row.card_json);
};

describe('the market card each listing keeps', () => {
  it('is the listing as the contract shows it, for every listing of the demo data', async () => {
    const ids = (await t.database.db.selectFrom('listings').select('id').execute()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) {
      const card = await cardOf(id);
      // Exactly the contract's keys and types, and the values worked out from the columns.
      expect(listingItemSchema.strict().parse(card)).toEqual(card);
      expect(card, `listing ${id}`).toEqual(await expectedItem(id));
    }
  });

  it('follows every write to the listing and its SKUs, whoever makes it', async () => {
    const db = t.database.db;
    const { id } = await db.selectFrom('listings').select('id').where('obj_state', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    // Stock taken by an order, a fraction of a unit left; the state and the picture changed.
    await db.updateTable('listings').set({ surplus_milli: 1234567, obj_state: 2, pic_file_id: 'pic-1.x_y' }).where('id', '=', id).execute();
    expect(await cardOf(id)).toMatchObject({ surplusListingNum: 1234.567, objState: 2, picPath: '/file/download?fileId=pic-1.x_y' });
    await db.updateTable('listings').set({ surplus_milli: 5000000, pic_file_id: '' }).where('id', '=', id).execute();
    expect(await cardOf(id)).toMatchObject({ surplusListingNum: 5000, picPath: '' });

    // The SKUs replaced, reordered, renamed and removed one by one.
    await db.deleteFrom('listing_skus').where('listing_id', '=', id).execute();
    expect(await cardOf(id)).toMatchObject({ skuList: [] });
    await db
      .insertInto('listing_skus')
      .values([
        { listing_id: id, sort: 2, goods_sku_name: '二号 "引号" \\ 斜杠', variety_unit: '吨', specs_json: '[]' },
        { listing_id: id, sort: 1, goods_sku_name: 'first', variety_unit: 'kg', specs_json: '[]' },
      ])
      .execute();
    expect(await cardOf(id)).toMatchObject({
      skuList: [
        { goodsSkuName: 'first', varietyUnit: 'kg' },
        { goodsSkuName: '二号 "引号" \\ 斜杠', varietyUnit: '吨' },
      ],
    });
    await db.updateTable('listing_skus').set({ sort: 3 }).where('listing_id', '=', id).where('goods_sku_name', '=', 'first').execute();
    expect(((await cardOf(id)) as ListingItem).skuList.map((s) => s.goodsSkuName)).toEqual(['二号 "引号" \\ 斜杠', 'first']);
    await db.deleteFrom('listing_skus').where('listing_id', '=', id).where('goods_sku_name', '=', 'first').execute();
    expect(((await cardOf(id)) as ListingItem).skuList.map((s) => s.goodsSkuName)).toEqual(['二号 "引号" \\ 斜杠']);
    expect(await cardOf(id)).toEqual(await expectedItem(id));

    // A listing inserted with a stale card copied from another is given its own.
    const template = await db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    const added = await db
      .insertInto('listings')
      .values({ ...rest, trade_listing_code: 'GPCARD0001', card_json: template.card_json })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await cardOf(added.id)).toEqual(await expectedItem(added.id));
    expect(await cardOf(added.id)).toMatchObject({ tradeListingCode: 'GPCARD0001', skuList: [] });
    await db.deleteFrom('listings').where('id', '=', added.id).execute();
  });

  it('is written again for every listing by the rebuild a bulk load runs', async () => {
    const db = t.database.db;
    const { id } = await db.selectFrom('listings').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const before = await cardOf(id);
    await sql`update listings set card_json = ''`.execute(db);
    await rebuildListingCards(db, t.database.dialect);
    expect(await cardOf(id)).toEqual(before);
    const empty = await db.selectFrom('listings').select('id').where('card_json', '=', '').execute();
    expect(empty).toEqual([]);
  });

  it('makes the search answer a valid page of the contract, in order, and the detail agree with it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/listing/ws/listing/portalSalePage',
      payload: { pageNo: 1, pageSize: 50, sortField: 1, sortAsc: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = listingPageSchema.strict().parse(envelope(res).data);
    expect(page.items.length).toBe(50);
    const prices = page.items.map((i) => i.singlePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const item of page.items.slice(0, 5)) expect(item).toEqual(await expectedItem(Number(item.id)));

    const detail = await t.app.inject({
      method: 'POST',
      url: '/listing/ws/listing/portalListingDetail',
      payload: { tradeListingCode: page.items[0]!.tradeListingCode },
    });
    expect(envelope(detail).data).toMatchObject(page.items[0]!);
  });
});
