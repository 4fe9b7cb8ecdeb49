import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedListing, ManagedListingPage } from '@portal/contracts/listing-manage';
import type { ListingDetail, ListingPage } from '@portal/contracts/listings';
import { expectDepositsConsistent } from '../../test/deposits';
import { createTradingApp, manualClock, type TradingApp } from '../../test/trading';

const clock = manualClock();
let a: TradingApp;

beforeAll(async () => {
  a = await createTradingApp({ now: clock.now });
});
afterEach(async () => {
  await expectDepositsConsistent(a.database);
});
afterAll(async () => {
  await a.close();
});

const L = '/listing/ws/listing';
const stateOf = async (id: string) =>
  (await a.database.db.selectFrom('listings').select('obj_state').where('id', '=', Number(id)).executeTakeFirstOrThrow()).obj_state;
const rowCount = async (table: 'listings' | 'operation_log' | 'scheduled_jobs') =>
  Number(
    (
      await a.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const onMarket = async (code: string) => {
  const page = await a.ok<ListingPage>('buyer01', `${L}/portalSalePage`, { pageNo: 1, pageSize: 50, sortField: 2, sortAsc: 0 });
  return page.items.some((i) => i.tradeListingCode === code);
};

describe('a listing from draft to the market', () => {
  it('saves a draft with every field, sanitised, and keeps it off the market', async () => {
    const picture = await a.upload('supplier01', 'coal.png');
    const draft = await a.ok<ManagedListing>(
      'supplier01',
      `${L}/save`,
      a.draftTerms({
        listingType: 'D',
        depositRatio: 15,
        objStepNum: 0.5,
        pictures: [picture],
        description: '<p>低硫<script>alert(1)</script><b>优质</b></p>',
      }),
    );
    expect(draft).toMatchObject({
      objState: 0,
      listingType: 'D',
      depositRatio: 15,
      objListingNum: 100,
      surplusListingNum: 100,
      objStepNum: 0.5,
      pictures: [picture],
      publishTime: '',
      expireTime: '',
      unit: a.leaf.unit,
    });
    expect(draft.description).toBe('<p>低硫<b>优质</b></p>');
    expect(draft.tradeListingCode).toMatch(/^GP\d{14}$/);
    expect(await onMarket(draft.tradeListingCode)).toBe(false);
    // Its owner's list has it; another company's does not, and reading it there answers 404.
    const mine = await a.ok<ManagedListingPage>('supplier01', `${L}/myPage`, { pageNo: 1, pageSize: 8, objState: 0 });
    expect(mine.items.map((i) => i.id)).toContain(draft.id);
    const theirs = await a.ok<ManagedListingPage>('supplier02', `${L}/myPage`, { pageNo: 1, pageSize: 8 });
    expect(theirs.items.map((i) => i.id)).not.toContain(draft.id);
    expect(await a.refused('supplier02', `${L}/myDetail`, { id: draft.id })).toMatchObject({ status: 404, code: '100004' });
  });

  it('goes on sale when approved, with publish and expiry times, and appears on the market and product page', async () => {
    const draft = await a.ok<ManagedListing>(
      'supplier01',
      `${L}/save`,
      a.draftTerms({ objListingDay: 10, description: '<p>低硫<b>优质</b></p><script>alert(1)</script>' }),
    );
    const submitted = await a.ok<ManagedListing>('supplier01', `${L}/submit`, { id: draft.id });
    expect(submitted.objState).toBe(4);
    const queue = await a.ok<ManagedListingPage>('admin', `${L}/reviewPage`, { pageNo: 1, pageSize: 32 });
    expect(queue.items.map((i) => i.id)).toContain(draft.id);
    const approved = await a.ok<ManagedListing>('admin', `${L}/review`, { id: draft.id, pass: true, reviewRemark: '' });
    expect(approved).toMatchObject({ objState: 1, publishTime: clock.now().toISOString() });
    expect(approved.expireTime).toBe(new Date(clock.now().getTime() + 10 * 86_400_000).toISOString());
    expect(await onMarket(draft.tradeListingCode)).toBe(true);
    const detail = await a.ok<ListingDetail>('buyer01', `${L}/portalListingDetail`, { tradeListingCode: draft.tradeListingCode });
    expect(detail.skuList[0]).toMatchObject({ goodsSkuName: '动力煤 Q5500', varietyUnit: a.leaf.unit });
    // The product page shows the seller's description, as it was cleaned when saved.
    expect(detail.description).toBe('<p>低硫<b>优质</b></p>');
  });

  it('is rejected with a reason the owner sees, edited and submitted again', async () => {
    const draft = await a.ok<ManagedListing>('supplier01', `${L}/save`, a.draftTerms());
    await a.ok('supplier01', `${L}/submit`, { id: draft.id });
    expect(await a.refused('admin', `${L}/review`, { id: draft.id, pass: false })).toMatchObject({
      status: 400,
      code: '100001',
      data: { field: 'reviewRemark' },
    });
    const rejected = await a.ok<ManagedListing>('admin', `${L}/review`, { id: draft.id, pass: false, reviewRemark: '价格明显偏离市场' });
    expect(rejected).toMatchObject({ objState: 5, reviewRemark: '价格明显偏离市场' });
    const seen = await a.ok<ManagedListing>('supplier01', `${L}/myDetail`, { id: draft.id });
    expect(seen.reviewRemark).toBe('价格明显偏离市场');
    const edited = await a.ok<ManagedListing>('supplier01', `${L}/save`, { ...a.draftTerms({ singlePrice: 66_000 }), id: draft.id });
    expect(edited).toMatchObject({ objState: 5, singlePrice: 66_000 });
    expect((await a.ok<ManagedListing>('supplier01', `${L}/submit`, { id: draft.id })).objState).toBe(4);
  });

  it('leaves the market when edited on sale and comes back only when approved again', async () => {
    const listing = await a.listingOnSale();
    const edited = await a.ok<ManagedListing>('supplier01', `${L}/save`, { ...a.draftTerms({ singlePrice: 70_000 }), id: listing.id });
    expect(edited.objState).toBe(4);
    expect(await onMarket(listing.tradeListingCode)).toBe(false);
    await a.ok('admin', `${L}/review`, { id: listing.id, pass: true, reviewRemark: '' });
    expect(await onMarket(listing.tradeListingCode)).toBe(true);
  });

  it('is withdrawn by its owner and leaves the market for good', async () => {
    const listing = await a.listingOnSale();
    const withdrawn = await a.ok<ManagedListing>('supplier01', `${L}/withdraw`, { id: listing.id });
    expect(withdrawn.objState).toBe(3);
    expect(await onMarket(listing.tradeListingCode)).toBe(false);
    const jobs = await a.database.db.selectFrom('scheduled_jobs').select('state').where('key', '=', listing.id).execute();
    expect(jobs.filter((j) => j.state === 'pending')).toEqual([]);
    for (const [path, body] of [
      ['withdraw', { id: listing.id }],
      ['submit', { id: listing.id }],
      ['save', { ...a.draftTerms(), id: listing.id }],
    ] as const) {
      const refusal = await a.refused('supplier01', `${L}/${path}`, body);
      expect(refusal, path).toMatchObject({ status: 409, code: '120001' });
      expect(refusal.info).toContain('已撤牌');
    }
  });

  it('is suspended by the operator with a reason, and reinstated', async () => {
    const listing = await a.listingOnSale();
    const suspended = await a.ok<ManagedListing>('admin', `${L}/suspend`, { id: listing.id, reason: '资质待核实' });
    expect(suspended).toMatchObject({ objState: 7, reviewRemark: '资质待核实' });
    expect(await onMarket(listing.tradeListingCode)).toBe(false);
    expect(await a.refused('supplier01', `${L}/withdraw`, { id: listing.id })).toMatchObject({ status: 409, code: '120001' });
    const reinstated = await a.ok<ManagedListing>('admin', `${L}/reinstate`, { id: listing.id, reason: '资质已核实' });
    expect(reinstated).toMatchObject({ objState: 1, reviewRemark: '资质已核实' });
    expect(await onMarket(listing.tradeListingCode)).toBe(true);
  });

  it('expires when its days are over, once, by the scheduler', async () => {
    const listing = await a.listingOnSale('supplier01', { objListingDay: 2 });
    clock.advanceHours(47);
    await a.app.live.scheduler.runDue();
    expect(await stateOf(listing.id)).toBe(1);
    clock.advanceHours(1);
    await a.app.live.scheduler.runDue();
    expect(await stateOf(listing.id)).toBe(6);
    expect(await onMarket(listing.tradeListingCode)).toBe(false);
    expect(await a.refused('admin', `${L}/suspend`, { id: listing.id, reason: '过期' })).toMatchObject({ status: 409, code: '120001' });
  });
});

describe('what is refused, and writes nothing', () => {
  it('refuses bad terms naming the field', async () => {
    const before = await rowCount('listings');
    const cases: [Record<string, unknown>, string][] = [
      [{ varietyCode: 'NOPE' }, 'varietyCode'],
      [{ marketCode: 'M99' }, 'marketCode'],
      [{ currency: 'USD' }, 'currency'],
      [{ singlePrice: 0 }, 'singlePrice'],
      [{ objListingNum: 0 }, 'objListingNum'],
      [{ objMinNum: 200 }, 'objMinNum'],
      [{ objListingDay: 366 }, 'objListingDay'],
      [{ objListingDay: 0 }, 'objListingDay'],
      [{ objPeriodDay: 0 }, 'objPeriodDay'],
      [{ objListingNum: 1.0005 }, 'objListingNum'],
      [{ pictures: ['missing-file'] }, 'pictures'],
      [{ listingType: 'X' }, 'listingType'],
    ];
    for (const [override, field] of cases) {
      const refusal = await a.refused('supplier01', `${L}/save`, { ...a.draftTerms(), ...override });
      expect(refusal, field).toMatchObject({ status: 400, code: '100001' });
      expect((refusal.data as { field: string }).field, JSON.stringify(override)).toBe(field);
    }
    // A variety with children is not a leaf.
    const parent = await a.database.db.selectFrom('varieties').select('code').where('level', '=', 2).executeTakeFirstOrThrow();
    expect(await a.refused('supplier01', `${L}/save`, a.draftTerms({ varietyCode: parent.code }))).toMatchObject({
      status: 400,
      data: { field: 'varietyCode' },
    });
    expect(await rowCount('listings')).toBe(before);
  });

  it('keeps drafts from the operator and other companies, as if they did not exist', async () => {
    const draft = await a.ok<ManagedListing>('supplier01', `${L}/save`, a.draftTerms());
    const logged = await rowCount('operation_log');
    for (const [path, body] of [
      ['review', { id: draft.id, pass: true, reviewRemark: '' }],
      ['suspend', { id: draft.id, reason: '测试' }],
      ['reinstate', { id: draft.id, reason: '测试' }],
      ['reviewDetail', { id: draft.id }],
    ] as const) {
      expect(await a.refused('admin', `${L}/${path}`, body), path).toMatchObject({ status: 404, code: '100004' });
    }
    const queue = await a.ok<ManagedListingPage>('admin', `${L}/reviewPage`, { pageNo: 1, pageSize: 32, objState: 0 });
    expect(queue.items).toEqual([]);
    for (const path of ['submit', 'withdraw', 'myDetail']) {
      expect(await a.refused('supplier02', `${L}/${path}`, { id: draft.id }), path).toMatchObject({ status: 404, code: '100004' });
    }
    expect(await a.refused('supplier02', `${L}/save`, { ...a.draftTerms(), id: draft.id })).toMatchObject({ status: 404 });
    expect(await stateOf(draft.id)).toBe(0);
    expect(await rowCount('operation_log')).toBe(logged);
  });

  it('refuses every transition from a state that does not allow it, naming the state', async () => {
    const draft = await a.ok<ManagedListing>('supplier01', `${L}/save`, a.draftTerms());
    // A draft cannot be withdrawn; a pending one cannot be withdrawn, submitted again, suspended or reinstated.
    expect(await a.refused('supplier01', `${L}/withdraw`, { id: draft.id })).toMatchObject({ status: 409, code: '120001' });
    await a.ok('supplier01', `${L}/submit`, { id: draft.id });
    const pending = await a.refused('supplier01', `${L}/submit`, { id: draft.id });
    expect(pending).toMatchObject({ status: 409, code: '120001' });
    expect(pending.info).toContain('待审核');
    expect(await a.refused('admin', `${L}/suspend`, { id: draft.id, reason: 'x' })).toMatchObject({ status: 409 });
    expect(await a.refused('admin', `${L}/reinstate`, { id: draft.id, reason: 'x' })).toMatchObject({ status: 409 });
    await a.ok('admin', `${L}/review`, { id: draft.id, pass: true, reviewRemark: '' });
    // On sale: it cannot be reviewed again or reinstated; in English the state is named in English.
    const english = await a.t.app.inject({
      method: 'POST',
      url: `${L}/review`,
      payload: { id: draft.id, pass: true, reviewRemark: '' },
      headers: { token: a.tokens.admin, 'accept-language': 'en-US' },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().error_info).toContain('On sale');
    expect(await a.refused('admin', `${L}/reinstate`, { id: draft.id, reason: 'x' })).toMatchObject({ status: 409 });
    expect(await stateOf(draft.id)).toBe(1);
  });

  it('keeps the calls to those with the permission', async () => {
    expect(await a.refused('supplier01', `${L}/reviewPage`, { pageNo: 1, pageSize: 8 })).toMatchObject({ status: 403 });
    expect(await a.refused('supplier01', `${L}/review`, { id: '1', pass: true, reviewRemark: '' })).toMatchObject({ status: 403 });
    const visitor = await a.t.app.inject({ method: 'POST', url: `${L}/myPage`, payload: { pageNo: 1, pageSize: 8 } });
    expect(visitor.statusCode).toBe(401);
  });
});
