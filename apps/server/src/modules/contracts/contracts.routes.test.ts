import { describe, expect, it } from 'vitest';
import { auctionTradeEndpoints as A, type ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { contractEndpoints, type ContractDetail, type ContractTemplateDetail } from '@portal/contracts/contracts';
import { ERRORS } from '@portal/contracts/errors';
import { tenderTradeEndpoints as T, type ManagedTender, type TenderBidTable } from '@portal/contracts/tender-trade';
import { auctionSpaceTerms } from '../../test/auction-terms';
import { tenderTerms } from '../../test/tender-terms';
import { C, contractsTestKit } from './contracts-test-kit';

const kit = contractsTestKit();
const { clock, confirmedOrder, contractOf, code } = kit;
const err = (key: keyof typeof ERRORS) => ERRORS[key].code;

const count = async (
  table: 'contracts' | 'contract_events' | 'contract_files' | 'contract_templates' | 'contract_template_versions' | 'operation_log',
) =>
  Number(
    (
      await kit
        .app()
        .database.db.selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('contracts of results and the calls around them', () => {
  it('an auction result and a tender award each make a contract for their order', { timeout: 60_000 }, async () => {
    const a = kit.app();
    // An auction of supplier01 won by buyer02.
    const draft = await a.ok<ManagedAuctionSpace>('supplier01', A.save.path, auctionSpaceTerms(a.leaf.code, clock.now()));
    await a.ok('supplier01', A.submit.path, { spaceId: draft.spaceId });
    const space = await a.ok<ManagedAuctionSpace>('admin', A.review.path, { spaceId: draft.spaceId, pass: true, reviewRemark: '' });
    await a.credit('buyer02', space.deposit);
    await a.ok('buyer02', A.register.path, { spaceId: space.spaceId });
    clock.set(space.auctionBeginTime);
    await a.app.live.scheduler.runDue();
    const pieceId = space.itemList[0]!.id;
    await a.ok('buyer02', A.place.path, { spaceId: space.spaceId, pieceId, price: 61_000, requestId: `contract-${pieceId}` });
    clock.set(space.auctionEndTime);
    await a.app.live.scheduler.runDue();
    await a.app.live.scheduler.runDue();
    const won = await a.database.db
      .selectFrom('orders')
      .select('order_no')
      .where('origin', '=', 'auction')
      .where('origin_code', '=', space.spaceId)
      .executeTakeFirstOrThrow();
    const auctionContract = (await contractOf('buyer02', won.order_no))!;
    expect(auctionContract).toMatchObject({ origin: 'auction', marketId: '', state: 1, mySide: 'buyer', sellerName: expect.any(String) });
    expect(auctionContract.pdfUrl).not.toBe('');

    // A tender of buyer01 awarded to supplier01.
    const tender = await a.ok<ManagedTender>('buyer01', T.save.path, tenderTerms(clock.now(), { minValidBids: 2 }));
    await a.ok('buyer01', T.publish.path, { id: tender.id });
    for (const [who, prices] of [
      ['supplier01', [65_000, 61_000]],
      ['supplier02', [64_000, 62_000]],
    ] as const) {
      const lines = prices.map((unitPrice, i) => ({
        lineNo: i + 1,
        unitPrice,
        quantity: i === 0 ? 1000 : 500,
        deliveryDate: '2027-11-20',
      }));
      await a.ok(who, T.bidSave.path, { tenderId: tender.id, lines, remark: '', fileIds: [] });
    }
    clock.advanceHours(2.1);
    await a.app.live.scheduler.runDue();
    const bids = await a.ok<TenderBidTable>('buyer01', T.bids.path, { id: tender.id });
    await a.ok('buyer01', T.evaluate.path, { id: tender.id, bids: bids.items.map((b) => ({ bidId: b.bidId, valid: true })) });
    const bid = bids.items.find((b) => b.supplierName.includes(''))!;
    await a.ok('buyer01', T.award.path, { id: tender.id, awards: [{ lineNo: 1, bidId: bid.bidId, quantity: 1000 }] });
    await a.app.live.scheduler.runDue();
    const awarded = await a.database.db
      .selectFrom('orders')
      .select('order_no')
      .where('origin', '=', 'tender')
      .where('origin_code', '=', tender.tenderNo)
      .executeTakeFirstOrThrow();
    const tenderContract = (await contractOf('buyer01', awarded.order_no))!;
    expect(tenderContract).toMatchObject({ origin: 'tender', state: 1, mySide: 'buyer' });
    expect(tenderContract.events.map((e) => e.kind)).toEqual(['generated']);
  });

  it('signing twice at once makes one signature; both parties at once make both, sealed once', { timeout: 60_000 }, async () => {
    const a = kit.app();
    const order = await confirmedOrder();
    await a.app.live.scheduler.runDue();
    const contract = (await contractOf('buyer01', order.orderNo))!;
    const [buyerCode, sellerCode] = [await code('buyer01', contract.contractNo), await code('supplier01', contract.contractNo)];
    const sign = (who: 'buyer01' | 'supplier01', c: string) => a.post(who, `${C}/sign`, { contractNo: contract.contractNo, code: c });
    const answers = await Promise.all([sign('buyer01', buyerCode), sign('buyer01', buyerCode), sign('supplier01', sellerCode)]);
    const codes = answers.map((r) => (JSON.parse(r.body) as { error_no: string }).error_no);
    expect(codes[2]).toBe('0');
    // Of the buyer's two copies one signs; the other finds the code used up, or the company already signed.
    expect(codes.slice(0, 2).filter((c) => c === '0')).toHaveLength(1);
    expect(codes.slice(0, 2).find((c) => c !== '0')).toMatch(new RegExp(`^(${err('SMS_CODE_WRONG')}|${err('CONTRACT_ALREADY_SIGNED')})$`));
    const after = await a.ok<ContractDetail>('buyer01', `${C}/detail`, { contractNo: contract.contractNo });
    expect(after.state).toBe(2);
    expect(after.events.map((e) => e.kind).filter((k) => k === 'signed' || k === 'sealed')).toEqual(['signed', 'signed', 'sealed']);
    const files = await a.database.db
      .selectFrom('contract_files')
      .innerJoin('contracts', 'contracts.id', 'contract_files.contract_id')
      .select(['contract_files.revision', 'contract_files.kind'])
      .where('contracts.contract_no', '=', contract.contractNo)
      .orderBy('contract_files.revision')
      .execute();
    expect(files.map((f) => f.kind)).toEqual(['generated', 'signed', 'signed', 'sealed']);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const a = kit.app();
    const before = [
      await count('contracts'),
      await count('contract_events'),
      await count('contract_templates'),
      await count('operation_log'),
    ];
    const cases: [string, string, object, string][] = [
      ['buyer01', 'sign', { contractNo: 'HT1', code: '12' }, 'code'],
      ['buyer01', 'decline', { contractNo: 'HT1' }, 'reason'],
      ['buyer01', 'page', { filter: 'mine' }, 'filter'],
      ['admin', 'template/create', { name: '', origin: 'listing', body: '<p>x</p>' }, 'name'],
      ['admin', 'template/create', { name: 'T', origin: 'barter', body: '<p>x</p>' }, 'origin'],
      ['admin', 'setting/save', { marketId: 'M01', signingRequired: true, signingHours: 0 }, 'signingHours'],
      ['admin', 'setting/save', { marketId: 'NOPE', signingRequired: true, signingHours: 48 }, 'marketId'],
    ];
    for (const [who, path, body, field] of cases) {
      const refused = await a.refused(who as 'admin', `${C}/${path}`, body);
      expect(refused, path).toMatchObject({ status: 400, code: err('VALIDATION'), data: { field } });
    }
    const unknown = await a.refused('admin', `${C}/template/create`, { name: 'T', origin: 'listing', body: '<p>{{buyer.shoeSize}}</p>' });
    expect(unknown.code).toBe(err('CONTRACT_PLACEHOLDER_UNKNOWN'));
    expect([
      await count('contracts'),
      await count('contract_events'),
      await count('contract_templates'),
      await count('operation_log'),
    ]).toEqual(before);
  });

  it('keeps the template version a contract was made from when a new version arrives', async () => {
    const a = kit.app();
    const created = await a.ok<ContractTemplateDetail>('admin', `${C}/template/create`, {
      name: '煤炭市场挂牌合同',
      marketId: 'M01',
      origin: 'listing',
      body: '<h1>煤炭买卖合同</h1><p>{{buyer.name}} 向 {{seller.name}} 购买 {{goods.quantity}}{{goods.unit}}，金额 {{goods.amountInWords}}</p>',
    });
    expect(created).toMatchObject({ version: 1, active: true, marketId: 'M01' });
    const order = await confirmedOrder();
    const made = (await contractOf('buyer01', order.orderNo))!;
    expect(made).toMatchObject({ templateCode: created.code, templateVersion: 1, marketId: 'M01' });
    const next = await a.ok<ContractTemplateDetail>('admin', `${C}/template/newVersion`, {
      templateId: created.templateId,
      body: '<h1>煤炭买卖合同（第二版）</h1><p>{{buyer.name}}</p>',
      note: '措辞调整',
    });
    expect(next.versions.map((v) => [v.version, v.contractCount])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    await a.app.live.scheduler.runDue();
    expect((await contractOf('buyer01', order.orderNo))!.templateVersion).toBe(1);
    const settings = await a.ok<{ marketId: string; signingRequired: boolean; signingHours: number }[]>('admin', `${C}/setting/save`, {
      marketId: 'M01',
      signingRequired: false,
      signingHours: 24,
    });
    expect(settings).toMatchObject({ marketId: 'M01', signingRequired: false, signingHours: 24 });
    const unguarded = await confirmedOrder();
    expect((await contractOf('buyer01', unguarded.orderNo))!).toMatchObject({ signingRequiredBeforePayment: false });
    await a.ok('buyer01', '/commtrade/ws/order/pay', { orderNo: unguarded.orderNo, fileIds: [await a.upload('buyer01')] });
  });

  it('answers 401 to visitors and 403 to other companies and to users without the permission, on every call', async () => {
    const a = kit.app();
    const order = await confirmedOrder();
    const contract = (await contractOf('buyer01', order.orderNo))!;
    for (const endpoint of Object.values(contractEndpoints)) {
      if (endpoint.access === 'public') continue;
      const anonymous = await a.t.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      expect(anonymous.statusCode, endpoint.path).toBe(401);
    }
    const body = { contractNo: contract.contractNo };
    for (const [path, payload] of [
      ['detail', body],
      ['ofOrder', { orderNo: order.orderNo }],
      ['sendCode', body],
      ['sign', { ...body, code: '123456' }],
      ['decline', { ...body, reason: '不是我们的合同' }],
    ] as const) {
      expect(await a.refused('buyer02', `${C}/${path}`, payload), path).toMatchObject({ status: 403, code: err('NO_RIGHT') });
    }
    const pdf = await a.app.inject({
      method: 'GET',
      url: `${C}/pdf?contractNo=${contract.contractNo}`,
      headers: { token: a.tokens.buyer02 },
    });
    expect(pdf.statusCode).toBe(403);
    for (const path of ['adminPage', 'adminDetail', 'template/page', 'template/create', 'setting/list', 'setting/save']) {
      expect((await a.refused('buyer01', `${C}/${path}`, {})).status, path).toBe(403);
    }
    expect((await a.refused('admin', `${C}/detail`, body)).status).toBe(403);
  });
});
