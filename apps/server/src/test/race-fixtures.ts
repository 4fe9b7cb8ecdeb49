import { auctionTradeEndpoints as A } from '@portal/contracts/auction-trade';
import { contractEndpoints as K, type ContractDetail } from '@portal/contracts/contracts';
import type { AuctionPieceSaveBody, AuctionRegistration, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import type { Endpoint } from '@portal/contracts/endpoint';
import { listingManageEndpoints as L, type ManagedListing } from '@portal/contracts/listing-manage';
import { orderEndpoints as O, type Order } from '@portal/contracts/orders';
import { supplierRelationEndpoints as S, type SupplierApplication } from '@portal/contracts/supplier-relations';
import { tenderTradeEndpoints as T, type ManagedTender, type TenderBidTable } from '@portal/contracts/tender-trade';
import type { Call, Racing, RaceFixture } from './racing';
import { auctionSpaceTerms } from './auction-terms';
import { tenderTerms } from './tender-terms';
import type { Trader } from './trading';

/**
 * How the concurrency sweep sets up each state-changing call of the contracts, keyed by its
 * method and path. Each `arrange` makes a fresh record, so rounds never share one, through the
 * calls the pages make (nothing is written straight into the tables).
 */

const HOUR = 3_600_000;
const later = (r: Racing, ms: number) => new Date(r.clock.now().getTime() + ms).toISOString();
const call = (who: Trader, endpoint: Endpoint, body: unknown): Call => ({ who, endpoint, body });
export const fixtureKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

// --- listings ------------------------------------------------------------------------------------

const draftListing = (r: Racing) => r.ok<ManagedListing>('supplier01', L.save.path, r.draftTerms());

async function suspendedListing(r: Racing) {
  const listing = await r.listingOnSale();
  await r.ok('admin', L.suspend.path, { id: listing.id, reason: '资料核查' });
  return listing;
}

// --- orders --------------------------------------------------------------------------------------

/** An order of buyer01 on a listing of supplier01, moved through the given actions of the seller and the buyer. */
async function orderAt(r: Racing, steps: ('confirm' | 'pay' | 'confirmPayment' | 'ship')[] = []): Promise<Order> {
  const listing = await r.listingOnSale();
  let order = await r.place('buyer01', listing.tradeListingCode, 10);
  for (const step of steps) {
    const who: Trader = step === 'pay' ? 'buyer01' : 'supplier01';
    const fileIds = step === 'pay' || step === 'ship' ? [await r.upload(who)] : [];
    order = await r.ok<Order>(who, O[step].path, { orderNo: order.orderNo, note: '', fileIds });
  }
  return order;
}
const orderCall = (who: Trader, endpoint: Endpoint, order: Order, note = '', fileIds: string[] = []) =>
  call(who, endpoint, { orderNo: order.orderNo, note, fileIds });

// --- contracts -----------------------------------------------------------------------------------

/** The contract of a confirmed order, rendered and ready to sign. */
async function contractToSign(r: Racing): Promise<ContractDetail> {
  const order = await orderAt(r, ['confirm']);
  await r.runDue();
  return (await r.ok<ContractDetail>('buyer01', K.ofOrder.path, { orderNo: order.orderNo }))!;
}

/** A fresh signing code of buyer01 for the contract (the resend interval runs on the real clock, so it is reset). */
async function signingCode(r: Racing, contractNo: string): Promise<string> {
  const mobile = (await r.db.selectFrom('users').select('mobile').where('account', '=', 'buyer01').executeTakeFirstOrThrow()).mobile!;
  await r.kv.del(`sms-resend:${mobile}`);
  await r.ok('buyer01', K.sendCode.path, { contractNo });
  const sent = await r.db
    .selectFrom('sms_outbox')
    .select('code')
    .where('mobile', '=', mobile)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return sent.code;
}

// --- auctions ------------------------------------------------------------------------------------

/** A space of supplier01 starting in an hour and running an hour, with one piece. */
const spaceTerms = (r: Racing, piece: Partial<AuctionPieceSaveBody> = {}) => auctionSpaceTerms(r.leaf.code, r.clock.now(), piece);
const draftSpace = (r: Racing, piece: Partial<AuctionPieceSaveBody> = {}) =>
  r.ok<ManagedAuctionSpace>('supplier01', A.save.path, spaceTerms(r, piece));

async function pendingSpace(r: Racing) {
  const space = await draftSpace(r);
  await r.ok('supplier01', A.submit.path, { spaceId: space.spaceId });
  return space;
}

async function approvedSpace(r: Racing, piece: Partial<AuctionPieceSaveBody> = {}, bidders: Trader[] = []) {
  const draft = await draftSpace(r, piece);
  await r.ok('supplier01', A.submit.path, { spaceId: draft.spaceId });
  const space = await r.ok<ManagedAuctionSpace>('admin', A.review.path, { spaceId: draft.spaceId, pass: true, reviewRemark: '' });
  for (const who of bidders) {
    await r.credit(who, space.deposit);
    await r.ok(who, A.register.path, { spaceId: space.spaceId });
  }
  return space;
}

async function suspendedSpace(r: Racing) {
  const space = await approvedSpace(r, {}, ['buyer01', 'buyer02']);
  await r.ok('admin', A.suspend.path, { spaceId: space.spaceId, reason: '核查报名资料' });
  return space;
}

/** A piece whose best bid missed its reserve: bidding ran, the close left the owner to decide (trade status 4). */
async function pieceAwaitingDecision(r: Racing): Promise<string> {
  const space = await approvedSpace(r, { reservePrice: 100_000 }, ['buyer01', 'buyer02']);
  const pieceId = space.itemList[0]!.id;
  r.clock.set(space.auctionBeginTime);
  await r.runDue();
  for (const [who, price] of [
    ['buyer01', 61_000],
    ['buyer02', 62_000],
  ] as const) {
    await r.ok(who, A.place.path, { spaceId: space.spaceId, pieceId, price, requestId: `race-${pieceId}-${who}` });
  }
  r.clock.set(space.auctionEndTime);
  await r.runDue();
  return pieceId;
}

// --- tenders -------------------------------------------------------------------------------------

/** A tender of buyer01 with two lines, bidding from now for two hours; two valid bids are enough. */
const tenderOf = (r: Racing) => tenderTerms(r.clock.now(), { minValidBids: 2 });
const draftTender = (r: Racing) => r.ok<ManagedTender>('buyer01', T.save.path, tenderOf(r));

async function pendingTender(r: Racing) {
  const tender = await draftTender(r);
  await r.ok('buyer01', T.publish.path, { id: tender.id });
  return tender;
}

/** Published and approved: the hall shows it and its supplier list bids. */
async function publishedTender(r: Racing) {
  const tender = await pendingTender(r);
  return r.ok<ManagedTender>('admin', T.review.path, { id: tender.id, pass: true, reviewRemark: '' });
}

const bidBody = (tenderId: string, prices: [number, number]) => ({
  tenderId,
  lines: prices.map((unitPrice, index) => ({
    lineNo: index + 1,
    unitPrice,
    quantity: index === 0 ? 1000 : 500,
    deliveryDate: '2027-11-20',
  })),
  remark: '含税含运费',
  fileIds: [],
});

/** Bids of supplier01 and supplier02, bidding closed and the bids opened (state 3). */
async function openedTender(r: Racing) {
  const tender = await publishedTender(r);
  await r.ok('supplier01', T.bidSave.path, bidBody(tender.id, [65_000, 61_000]));
  await r.ok('supplier02', T.bidSave.path, bidBody(tender.id, [64_000, 62_000]));
  r.clock.set(later(r, 2 * HOUR + 60_000));
  await r.runDue();
  const table = await r.ok<TenderBidTable>('buyer01', T.bids.path, { id: tender.id });
  return { tender, bidIds: table.items.map((b) => b.bidId) };
}

const judgedValid = (tenderId: string, bidIds: string[]) => ({ id: tenderId, bids: bidIds.map((bidId) => ({ bidId, valid: true })) });

// --- supplier applications -----------------------------------------------------------------------

/** No relation and no pending application between the supplier and the buyer, whatever rounds before left. */
async function noRelation(r: Racing, supplier: Trader, buyer: Trader): Promise<void> {
  await r.post(buyer, S.remove.path, { supplierUserId: String(r.userId[supplier]) });
  const pending = await r.ok<{ items: SupplierApplication[] }>(buyer, S.applications.path, { pageSize: 32, state: 'pending' });
  for (const a of pending.items.filter((a) => a.supplierUserId === String(r.userId[supplier]))) {
    await r.ok(buyer, S.decide.path, { applicationId: a.applicationId, accept: false });
  }
}

/** Every state-changing endpoint of the contracts and how a race of it is set up. */
export const RACE_FIXTURES: Record<string, RaceFixture> = {
  [fixtureKey(L.save)]: {
    // An edit of a listing on sale sends it back to review; the copies after it edit it in review.
    async arrange(r) {
      const listing = await r.listingOnSale();
      return { call: call('supplier01', L.save, { ...r.draftTerms({ singlePrice: 70_000 }), id: listing.id }) };
    },
    outcome: 'each',
    refusals: [],
  },
  [fixtureKey(L.submit)]: {
    async arrange(r) {
      const listing = await draftListing(r);
      return { call: call('supplier01', L.submit, { id: listing.id }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(L.withdraw)]: {
    async arrange(r) {
      const listing = await r.listingOnSale();
      return { call: call('supplier01', L.withdraw, { id: listing.id }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(L.review)]: {
    async arrange(r) {
      const listing = await draftListing(r);
      await r.ok('supplier01', L.submit.path, { id: listing.id });
      return {
        call: call('admin', L.review, { id: listing.id, pass: true, reviewRemark: '' }),
        opposite: call('admin', L.review, { id: listing.id, pass: false, reviewRemark: '图片不清晰' }),
      };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(L.suspend)]: {
    async arrange(r) {
      const listing = await r.listingOnSale();
      return { call: call('admin', L.suspend, { id: listing.id, reason: '资料核查' }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(L.reinstate)]: {
    async arrange(r) {
      const listing = await suspendedListing(r);
      return { call: call('admin', L.reinstate, { id: listing.id, reason: '核查完毕' }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },

  [fixtureKey(O.place)]: {
    // Copies of one request answer the one order it made; another buyer's request for the same
    // stock (the mixed round) finds nothing left.
    async arrange(r) {
      const listing = await r.listingOnSale();
      return {
        call: call('buyer01', O.place, r.orderTerms(listing.tradeListingCode, 100)),
        opposite: call('buyer02', O.place, r.orderTerms(listing.tradeListingCode, 100)),
      };
    },
    outcome: 'same',
    sameBy: (data) => (data as Order).orderNo,
    refusals: ['NOT_ENOUGH_STOCK'],
  },
  [fixtureKey(O.confirm)]: {
    async arrange(r) {
      const order = await orderAt(r);
      return { call: orderCall('supplier01', O.confirm, order), opposite: orderCall('supplier01', O.refuse, order, '库存不足') };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(O.refuse)]: {
    async arrange(r) {
      const order = await orderAt(r);
      return { call: orderCall('supplier01', O.refuse, order, '库存不足'), opposite: orderCall('buyer01', O.cancel, order, '不需要了') };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(O.cancel)]: {
    async arrange(r) {
      return { call: orderCall('buyer01', O.cancel, await orderAt(r), '不需要了') };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(O.pay)]: {
    async arrange(r) {
      const order = await orderAt(r, ['confirm']);
      return { call: orderCall('buyer01', O.pay, order, '', [await r.upload('buyer01')]) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(O.confirmPayment)]: {
    async arrange(r) {
      return { call: orderCall('supplier01', O.confirmPayment, await orderAt(r, ['confirm', 'pay'])) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(O.ship)]: {
    async arrange(r) {
      const order = await orderAt(r, ['confirm', 'pay', 'confirmPayment']);
      return { call: orderCall('supplier01', O.ship, order, '', [await r.upload('supplier01')]) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(O.receive)]: {
    async arrange(r) {
      return { call: orderCall('buyer01', O.receive, await orderAt(r, ['confirm', 'pay', 'confirmPayment', 'ship'])) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },

  [fixtureKey(A.save)]: {
    // Each copy is a draft of its own.
    async arrange(r) {
      return { call: call('supplier01', A.save, spaceTerms(r)) };
    },
    outcome: 'each',
    refusals: [],
  },
  [fixtureKey(A.submit)]: {
    async arrange(r) {
      const space = await draftSpace(r);
      return { call: call('supplier01', A.submit, { spaceId: space.spaceId }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(A.withdraw)]: {
    async arrange(r) {
      const space = await approvedSpace(r, {}, ['buyer01', 'buyer02']);
      return { call: call('supplier01', A.withdraw, { spaceId: space.spaceId }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(A.review)]: {
    async arrange(r) {
      const space = await pendingSpace(r);
      return {
        call: call('admin', A.review, { spaceId: space.spaceId, pass: true, reviewRemark: '' }),
        opposite: call('admin', A.review, { spaceId: space.spaceId, pass: false, reviewRemark: '起拍价不合理' }),
      };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(A.suspend)]: {
    async arrange(r) {
      const space = await approvedSpace(r, {}, ['buyer01']);
      return { call: call('admin', A.suspend, { spaceId: space.spaceId, reason: '核查报名资料' }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(A.resume)]: {
    async arrange(r) {
      const space = await suspendedSpace(r);
      return { call: call('admin', A.resume, { spaceId: space.spaceId, reason: '核查完毕' }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(A.adminWithdraw)]: {
    async arrange(r) {
      const space = await suspendedSpace(r);
      return { call: call('admin', A.adminWithdraw, { spaceId: space.spaceId, reason: '违规' }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(A.register)]: {
    // Registering again answers the same registration.
    async arrange(r) {
      const space = await approvedSpace(r);
      await r.credit('buyer01', space.deposit);
      return { call: call('buyer01', A.register, { spaceId: space.spaceId }) };
    },
    outcome: 'same',
    sameBy: (data) => (data as AuctionRegistration).registrationId,
    refusals: ['CONFLICT'],
  },
  [fixtureKey(A.decideReserve)]: {
    async arrange(r) {
      const pieceId = await pieceAwaitingDecision(r);
      return {
        call: call('supplier01', A.decideReserve, { pieceId, accept: true }),
        opposite: call('supplier01', A.decideReserve, { pieceId, accept: false }),
      };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },

  [fixtureKey(T.save)]: {
    // Each copy is a draft of its own.
    async arrange(r) {
      return { call: call('buyer01', T.save, tenderOf(r)) };
    },
    outcome: 'each',
    refusals: [],
  },
  [fixtureKey(T.publish)]: {
    async arrange(r) {
      const tender = await draftTender(r);
      return { call: call('buyer01', T.publish, { id: tender.id }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(T.review)]: {
    async arrange(r) {
      const tender = await pendingTender(r);
      return {
        call: call('admin', T.review, { id: tender.id, pass: true, reviewRemark: '' }),
        opposite: call('admin', T.review, { id: tender.id, pass: false, reviewRemark: '标书不完整' }),
      };
    },
    outcome: 'one',
    // A rejected tender is its buyer's draft again, which operators do not see.
    refusals: ['STATE_NOT_ALLOWED', 'NOT_FOUND'],
  },
  [fixtureKey(T.cancel)]: {
    async arrange(r) {
      const tender = await publishedTender(r);
      await r.ok('supplier01', T.bidSave.path, bidBody(tender.id, [65_000, 61_000]));
      return { call: call('buyer01', T.cancel, { id: tender.id, reason: '需求取消' }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(T.evaluate)]: {
    async arrange(r) {
      const { tender, bidIds } = await openedTender(r);
      return { call: call('buyer01', T.evaluate, judgedValid(tender.id, bidIds)) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(T.award)]: {
    async arrange(r) {
      const { tender, bidIds } = await openedTender(r);
      await r.ok('buyer01', T.evaluate.path, judgedValid(tender.id, bidIds));
      const awards = [
        { lineNo: 1, bidId: bidIds[0]!, quantity: 1000 },
        { lineNo: 2, bidId: bidIds[1]!, quantity: 500 },
      ];
      return { call: call('buyer01', T.award, { id: tender.id, awards }) };
    },
    outcome: 'one',
    refusals: ['STATE_NOT_ALLOWED'],
  },
  [fixtureKey(T.bidSave)]: {
    // Each copy is a revision of the bid, one after the other (the first submits it).
    async arrange(r) {
      const tender = await publishedTender(r);
      return { call: call('supplier01', T.bidSave, bidBody(tender.id, [65_000, 61_000])) };
    },
    outcome: 'each',
    refusals: [],
  },
  [fixtureKey(T.bidWithdraw)]: {
    async arrange(r) {
      const tender = await publishedTender(r);
      await r.ok('supplier01', T.bidSave.path, bidBody(tender.id, [65_000, 61_000]));
      return { call: call('supplier01', T.bidWithdraw, { tenderId: tender.id }) };
    },
    outcome: 'one',
    refusals: ['NO_BID'],
  },

  [fixtureKey(K.sign)]: {
    // The same code sent in copies signs once; signing and declining for the same company exclude each other.
    async arrange(r) {
      const contract = await contractToSign(r);
      const code = await signingCode(r, contract.contractNo);
      return {
        call: call('buyer01', K.sign, { contractNo: contract.contractNo, code }),
        opposite: call('buyer01', K.decline, { contractNo: contract.contractNo, reason: '条款有误' }),
      };
    },
    outcome: 'one',
    refusals: ['SMS_CODE_WRONG', 'CONTRACT_ALREADY_SIGNED', 'CONTRACT_STATE_NOT_ALLOWED'],
  },
  [fixtureKey(K.decline)]: {
    // Either party declining ends the contract; the other's decline comes too late.
    async arrange(r) {
      const contract = await contractToSign(r);
      return {
        call: call('supplier01', K.decline, { contractNo: contract.contractNo, reason: '价格有误' }),
        opposite: call('buyer01', K.decline, { contractNo: contract.contractNo, reason: '不需要了' }),
      };
    },
    outcome: 'one',
    refusals: ['CONTRACT_STATE_NOT_ALLOWED', 'CONTRACT_ALREADY_SIGNED'],
  },

  [fixtureKey(S.apply)]: {
    async arrange(r) {
      await noRelation(r, 'supplier03', 'buyer02');
      return { call: call('supplier03', S.apply, { buyerUserId: String(r.userId.buyer02), remark: '长期供应动力煤' }) };
    },
    outcome: 'one',
    refusals: ['APPLICATION_PENDING'],
  },
  [fixtureKey(S.decide)]: {
    async arrange(r) {
      await noRelation(r, 'supplier03', 'buyer03');
      const application = await r.ok<SupplierApplication>('supplier03', S.apply.path, {
        buyerUserId: String(r.userId.buyer03),
        remark: '',
      });
      return {
        call: call('buyer03', S.decide, { applicationId: application.applicationId, accept: true }),
        opposite: call('buyer03', S.decide, { applicationId: application.applicationId, accept: false }),
      };
    },
    outcome: 'one',
    refusals: ['CONFLICT'],
  },
};
