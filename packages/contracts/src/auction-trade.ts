import { z } from 'zod';
import { CURRENCIES, PAGE_SIZE_OPTIONS, SPACE_STATUSES, localized as l } from './constants';
import { enumField } from './enum-field';
import { TRADE_STATUSES } from './trade-constants';
import type { Endpoint } from './endpoint';
import { changesOf, defineMachine, joinChanges } from './state-machine';
import { quantitySchema } from './listing-manage';
import { idTextSchema, pageNoSchema, pageOf } from './paging';
import { inputString, requiredText, text } from './validation';

/**
 * Live auctions: a company's own spaces (我的竞价) from draft to result, registration and bidding
 * in others' spaces (参与的竞价), the operator's review (竞价审核), the live room with its event
 * stream, and the result with its audit chain. The portal's read side (auctions.ts) shows the
 * same spaces once approved.
 */

/** Company users create spaces, register and bid with this permission code. */
export const AUCTION_PERMISSION = 'trade:auction';
/** Operators review, suspend and resume spaces with this permission code. */
export const AUCTION_REVIEW_PERMISSION = 'trade:auction-review';

export const AUCTION_LIMITS = {
  spaceNameMax: 200,
  categoryMax: 100,
  pieceNameMax: 200,
  placeMax: 200,
  descriptionMax: 20_000,
  remarkMax: 500,
  reasonMax: 500,
  contactMax: 40,
  unitMax: 20,
  piecesMax: 50,
  picturesMax: 9,
  /** Anti-sniping window and extension: at most a day each. */
  delayMaxSec: 86_400,
} as const;

/** Who may be in a space: anyone (open) or only the owner's supplier list (invited). */
export const AUCTION_SCOPES = ['open', 'invited'] as const;
export type AuctionScope = (typeof AUCTION_SCOPES)[number];

/** A bid stays `valid` until a newer bid of the same company replaces it (mode 6: `superseded`). */
export const AUCTION_BID_STATES = ['valid', 'superseded', 'withdrawn'] as const;
export type AuctionBidState = (typeof AUCTION_BID_STATES)[number];

/**
 * Where a bidder stands on a piece now: no bid yet; best bid (modes 1, 4) or beaten; mode 6: fully,
 * partly or not filled at the current clearing price; modes 2 and 5: a bid stands, its rank is sealed.
 */
export const AUCTION_MY_STATUSES = ['none', 'leading', 'outbid', 'filled', 'partial', 'unfilled', 'placed'] as const;
export type AuctionMyStatus = (typeof AUCTION_MY_STATUSES)[number];

/** What the caller is in a room: its owner, a registered bidder, an operator or anyone else. */
export const AUCTION_ROLES = ['owner', 'bidder', 'operator', 'watcher'] as const;
export type AuctionRole = (typeof AUCTION_ROLES)[number];

const isoTime = inputString().pipe(z.iso.datetime({ offset: true, message: 'invalidFormat' }));
const modeSchema = enumField('AuctionMode');
const spaceStatusSchema = enumField('SpaceStatus');
/** Whole cents, at least one. */
const centsSchema = z.number().int({ message: 'invalidValue' }).min(1, { message: 'tooSmall' }).max(1e13, { message: 'tooLarge' });
const positiveQuantity = quantitySchema.refine((v) => v > 0, { message: 'tooSmall' });
const fileIdSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'invalidFormat' });
const delaySchema = z.number().int().min(0, { message: 'tooSmall' }).max(AUCTION_LIMITS.delayMaxSec, { message: 'tooLarge' });
const pageSizeOption = z
  .number()
  .int()
  .refine((v) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(v), { message: 'invalidValue' });

/** One piece as its owner writes it; `id` names a piece that already exists. */
export const auctionPieceSaveSchema = z.strictObject({
  id: idTextSchema.optional(),
  pieceName: requiredText(AUCTION_LIMITS.pieceNameMax),
  /** A leaf of the variety tree. */
  varietyCode: requiredText(32),
  totalWeight: positiveQuantity,
  /** The unit quantities are counted in; default: the variety's. */
  statUnit: text(AUCTION_LIMITS.unitMax).optional(),
  /** Start price in cents: the floor of the first bid (sell side) or the ceiling (buy side, modes 4, 5). */
  basePrice: centsSchema,
  /** Hidden floor (sell) or ceiling (buy) in cents; absent or null: no reserve. */
  reservePrice: centsSchema.nullable().optional(),
  /** 1: the base price is shown to everyone; 0: only to registered bidders. */
  openBasePrice: z.union([z.literal(0), z.literal(1)]).default(1),
  /** Mode 6: the smallest quantity a bid may ask for. */
  minBidNum: positiveQuantity.optional(),
  /** Mode 6: bid quantities are minBidNum plus whole steps of this; 0 or absent: any. */
  bidStepNum: quantitySchema.optional(),
  /** 1 acceptance, 2 spot exchange. */
  paymentType: enumField('PaymentType'),
  /** A train, B truck. */
  transportWay: enumField('TransportWay'),
  deliveryPlace: requiredText(AUCTION_LIMITS.placeMax),
  pictures: z.array(fileIdSchema).max(AUCTION_LIMITS.picturesMax, { message: 'tooMany' }).default([]),
});
export type AuctionPieceSaveBody = z.input<typeof auctionPieceSaveSchema>;

/** What an owner writes; `spaceId` absent creates a draft. Modes 1, 2, 6 sell; 4, 5 buy. */
export const auctionSpaceSaveBodySchema = z.strictObject({
  spaceId: idTextSchema.optional(),
  spaceName: requiredText(AUCTION_LIMITS.spaceNameMax),
  /** The goods category shown on the auction centre's card. */
  name: requiredText(AUCTION_LIMITS.categoryMax),
  spaceAuctionMode: modeSchema,
  auctionBeginTime: isoTime,
  auctionEndTime: isoTime,
  /** Registration closes then; default: the begin time. */
  registrationEndTime: isoTime.optional(),
  /** The price step in cents. */
  priceStep: centsSchema,
  /** Frozen from each registering company's deposit account, in cents; 0: none. */
  deposit: z.number().int({ message: 'invalidValue' }).min(0, { message: 'tooSmall' }).max(1e13, { message: 'tooLarge' }),
  currency: z.enum(CURRENCIES).default('CNY'),
  /**
   * Anti-sniping (modes 1, 4, 6): a bid this close to the end moves the end to bid time + delaySec;
   * 0 turns it off. Absent: the platform's defaults (300 and 300 seconds unless an operator changed them).
   */
  delayWindowSec: delaySchema.optional(),
  delaySec: delaySchema.optional(),
  scope: z.enum(AUCTION_SCOPES).default('open'),
  remark: text(AUCTION_LIMITS.remarkMax).default(''),
  deliveryPlace: text(AUCTION_LIMITS.placeMax).default(''),
  /** Rich text; the server sanitises it. */
  description: text(AUCTION_LIMITS.descriptionMax).default(''),
  contactName: text(AUCTION_LIMITS.contactMax).default(''),
  contactPhone: text(AUCTION_LIMITS.contactMax).default(''),
  itemList: z.array(auctionPieceSaveSchema).min(1, { message: 'required' }).max(AUCTION_LIMITS.piecesMax, { message: 'tooMany' }),
});
export type AuctionSpaceSaveBody = z.input<typeof auctionSpaceSaveBodySchema>;
export type AuctionSpaceSave = z.output<typeof auctionSpaceSaveBodySchema>;

/** One piece as the owner and the operator see it; reservePrice is null for anyone but the owner. */
export const managedAuctionPieceSchema = z.object({
  id: z.string(),
  pieceName: z.string(),
  varietyCode: z.string(),
  varietyName: z.string(),
  totalWeight: z.number(),
  statUnit: z.string(),
  basePrice: z.number().int(),
  reservePrice: z.number().int().nullable(),
  openBasePrice: z.number().int(),
  minBidNum: z.number(),
  bidStepNum: z.number(),
  paymentType: z.number().int(),
  transportWay: z.string(),
  deliveryPlace: z.string(),
  pictures: z.array(z.string()),
  /** 0 bidding, 1 deal, 2 unsold, 3 partial deal, 4 ended below the reserve (the owner decides). */
  tradeStatus: z.number().int(),
  /** The (extended) end of bidding, UTC. */
  endTime: z.string(),
  /** The winning price in cents (mode 6: the clearing price); null without a deal. */
  dealPrice: z.number().int().nullable(),
  /** The quantity dealt; null without a deal. */
  dealQuantity: z.number().nullable(),
  /** tradeStatus 4: the owner accepts or declines the best bid before this time; else empty. */
  reserveDecisionBy: z.string(),
});
export type ManagedAuctionPiece = z.infer<typeof managedAuctionPieceSchema>;

/** The terms of a space every view of it shows: its owner's, the operator's and the room's. */
const auctionSpaceTerms = {
  spaceId: z.string(),
  spaceName: z.string(),
  name: z.string(),
  spaceAuctionMode: z.number().int(),
  /** 0 draft, 1 pending review, 2 approved, 3 rejected, 4 auctioning, 5 withdrawn, 6 unsold, 7 deal in progress, 8 deal done. */
  spaceStatus: z.number().int(),
  /** True while an operator has it suspended (it takes no bids). */
  suspended: z.boolean(),
  auctionBeginTime: z.string(),
  auctionEndTime: z.string(),
  registrationEndTime: z.string(),
  priceStep: z.number().int(),
  deposit: z.number().int(),
  currency: z.string(),
  delayWindowSec: z.number().int(),
  delaySec: z.number().int(),
  scope: z.enum(AUCTION_SCOPES),
  deliveryPlace: z.string(),
  description: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
};

/** A space as its owner and the operator see it. */
export const managedAuctionSpaceSchema = z.object({
  ...auctionSpaceTerms,
  remark: z.string(),
  /** The latest review, suspension or resumption reason; empty when none. */
  reviewRemark: z.string(),
  /** The owner's user id and company name. */
  userId: z.string(),
  spaceInfoUser: z.string(),
  registrationCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  itemList: z.array(managedAuctionPieceSchema),
});
export type ManagedAuctionSpace = z.infer<typeof managedAuctionSpaceSchema>;

export const managedAuctionSpacePageSchema = pageOf(managedAuctionSpaceSchema);
export type ManagedAuctionSpacePage = z.infer<typeof managedAuctionSpacePageSchema>;

/** A company's registration in a space: the alias others see, and the deposit it froze. */
export const auctionRegistrationSchema = z.object({
  registrationId: z.string(),
  spaceId: z.string(),
  /** 竞买人 N, fixed for the space. */
  alias: z.string(),
  time: z.string(),
  deposit: z.number().int(),
  currency: z.string(),
  /** `frozen` while it counts, `released` after losing or withdrawal, `kept` with a won order, `forfeited`. */
  depositState: z.enum(['frozen', 'released', 'kept', 'forfeited']),
});
export type AuctionRegistration = z.infer<typeof auctionRegistrationSchema>;

/** A space the caller registered for, with its registration. Reserve prices are never in it. */
export const registeredAuctionSpaceSchema = managedAuctionSpaceSchema.extend({ myRegistration: auctionRegistrationSchema });
export type RegisteredAuctionSpace = z.infer<typeof registeredAuctionSpaceSchema>;

export const auctionPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  spaceStatus: spaceStatusSchema.optional(),
});
export type AuctionPageBody = z.input<typeof auctionPageBodySchema>;

export const auctionSpaceIdBodySchema = z.strictObject({ spaceId: idTextSchema });
export type AuctionSpaceIdBody = z.input<typeof auctionSpaceIdBodySchema>;

export const auctionReviewBodySchema = z
  .strictObject({
    spaceId: idTextSchema,
    pass: z.boolean(),
    /** Required when rejecting; the owner sees it. */
    reviewRemark: text(AUCTION_LIMITS.reasonMax).default(''),
  })
  .refine((b) => b.pass || b.reviewRemark.length > 0, { path: ['reviewRemark'], message: 'required' });
export type AuctionReviewBody = z.input<typeof auctionReviewBodySchema>;

export const auctionReasonBodySchema = z.strictObject({
  spaceId: idTextSchema,
  /** The owner and the registered bidders see it. */
  reason: requiredText(AUCTION_LIMITS.reasonMax),
});
export type AuctionReasonBody = z.input<typeof auctionReasonBodySchema>;

export const auctionDecideReserveBodySchema = z.strictObject({
  pieceId: idTextSchema,
  /** true: sell (or buy) at the best bid although it misses the reserve; false: no deal. */
  accept: z.boolean(),
});
export type AuctionDecideReserveBody = z.input<typeof auctionDecideReserveBodySchema>;

export const auctionBidPlaceBodySchema = z.strictObject({
  spaceId: idTextSchema,
  pieceId: idTextSchema,
  /** In cents: the base price plus (sell) or minus (buy) whole price steps. */
  price: centsSchema,
  /** Mode 6 only: minBidNum plus whole bidStepNum, at most the piece's total. */
  quantity: positiveQuantity.optional(),
  /** Made once per attempt by the client: the same id sent again answers the same bid. */
  requestId: inputString()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'invalidFormat' }),
});
export type AuctionBidPlaceBody = z.input<typeof auctionBidPlaceBodySchema>;

/** An accepted bid. */
export const auctionBidSchema = z.object({
  bidId: z.string(),
  spaceId: z.string(),
  pieceId: z.string(),
  /** The space's gap-free sequence: the only order that counts. */
  seq: z.number().int(),
  price: z.number().int(),
  /** Mode 6: what the bid asks for; otherwise the piece's total. */
  quantity: z.number(),
  /** Server time it was accepted, UTC. */
  time: z.string(),
  state: z.enum(AUCTION_BID_STATES),
  /** The piece's end after this bid (anti-sniping may have moved it). */
  endTime: z.string(),
});
export type AuctionBid = z.infer<typeof auctionBidSchema>;

/**
 * One bid in a room's history. Others see the alias only; `companyName` is filled for the owner,
 * for operators and for the bid's own company, else empty.
 */
export const auctionRoomBidSchema = z.object({
  seq: z.number().int(),
  pieceId: z.string(),
  alias: z.string(),
  companyName: z.string(),
  price: z.number().int(),
  quantity: z.number(),
  time: z.string(),
  state: z.enum(AUCTION_BID_STATES),
  mine: z.boolean(),
});
export type AuctionRoomBid = z.infer<typeof auctionRoomBidSchema>;

export const auctionRoomPieceSchema = z.object({
  id: z.string(),
  pieceName: z.string(),
  tradeStatus: z.number().int(),
  varietyName: z.string(),
  totalWeight: z.number(),
  statUnit: z.string(),
  /** Null for a visitor while openBasePrice is 0. */
  basePrice: z.number().int().nullable(),
  openBasePrice: z.number().int(),
  /** The owner's own reserve; null for everyone else. */
  reservePrice: z.number().int().nullable(),
  minBidNum: z.number(),
  bidStepNum: z.number(),
  paymentType: z.number().int(),
  transportWay: z.string(),
  deliveryPlace: z.string(),
  pictures: z.array(z.string()),
  /** Best price now (modes 1, 4, 6); null before the first bid and always in modes 2 and 5. */
  currentPrice: z.number().int().nullable(),
  /** The best bid's alias (modes 1, 4); else null. */
  leaderAlias: z.string().nullable(),
  /** Mode 6: the lowest price still filled; else null. */
  clearingPrice: z.number().int().nullable(),
  /** Companies that have bid on the piece. */
  bidderCount: z.number().int(),
  /** The (extended) end of bidding, UTC. */
  endTime: z.string(),
  /** The caller's live bid on the piece, if any. */
  myBid: auctionBidSchema.nullable(),
  /** Mode 6: how much of the caller's live bid is filled now; else null. */
  myFill: z.number().nullable(),
  myStatus: z.enum(AUCTION_MY_STATUSES),
  /** After the close: the winning price and quantity (null without a deal). */
  dealPrice: z.number().int().nullable(),
  dealQuantity: z.number().nullable(),
  /** tradeStatus 4, owner only: the decision is due before this time; else empty. */
  reserveDecisionBy: z.string(),
  /** The latest bids, newest first (modes 2 and 5: the caller's own only; the owner sees all). */
  bids: z.array(auctionRoomBidSchema),
});
export type AuctionRoomPiece = z.infer<typeof auctionRoomPieceSchema>;

export const auctionRoomSpaceSchema = z.object({
  ...auctionSpaceTerms,
  /** The suspension's reason while suspended; else empty. */
  suspendReason: z.string(),
  /** The owner company (published on the portal). */
  spaceInfoUser: z.string(),
  registrationCount: z.number().int(),
});
export type AuctionRoomSpace = z.infer<typeof auctionRoomSpaceSchema>;

export const auctionRoomSchema = z.object({
  space: auctionRoomSpaceSchema,
  itemList: z.array(auctionRoomPieceSchema),
  /** The server's clock, UTC: every countdown runs on it. */
  serverTime: z.string(),
  /** The space's last bid seq (0 before the first): the stream resumes after it. */
  lastSeq: z.number().int(),
  role: z.enum(AUCTION_ROLES),
  /** True when the caller may register now (signed in, not the owner, allowed, window open). */
  canRegister: z.boolean(),
  /** Absent when the caller is not registered. */
  myRegistration: z.object({ alias: z.string(), time: z.string() }).optional(),
});
export type AuctionRoom = z.infer<typeof auctionRoomSchema>;

export const auctionResultWinnerSchema = z.object({
  alias: z.string(),
  /** Filled for the owner, operators and the winner itself; else empty. */
  companyName: z.string(),
  price: z.number().int(),
  quantity: z.number(),
  seq: z.number().int(),
});

export const auctionResultPieceSchema = z.object({
  pieceId: z.string(),
  pieceName: z.string(),
  tradeStatus: z.number().int(),
  totalWeight: z.number(),
  statUnit: z.string(),
  basePrice: z.number().int(),
  /** The owner's own reserve; null for everyone else. */
  reservePrice: z.number().int().nullable(),
  endTime: z.string(),
  dealPrice: z.number().int().nullable(),
  dealQuantity: z.number().nullable(),
  winners: z.array(auctionResultWinnerSchema),
  reserveDecisionBy: z.string(),
});

/** One link of the audit chain: digest = SHA-256(previous digest + the bid's canonical content). */
export const auctionResultBidSchema = auctionRoomBidSchema.extend({ digest: z.string() });

export const auctionResultSchema = z.object({
  spaceId: z.string(),
  spaceName: z.string(),
  spaceAuctionMode: z.number().int(),
  spaceStatus: z.number().int(),
  currency: z.string(),
  itemList: z.array(auctionResultPieceSchema),
  /** Every bid in seq order. */
  bids: z.array(auctionResultBidSchema),
  /** The chain's last digest (64 hex characters; the empty chain's is 64 zeros). */
  digest: z.string(),
});
export type AuctionResult = z.infer<typeof auctionResultSchema>;

export const auctionStreamQuerySchema = z.strictObject({ spaceId: idTextSchema });

/** The names of the room stream's events. */
export const AUCTION_STREAM_EVENTS = { bid: 'bid', extended: 'extended', status: 'status', result: 'result' } as const;

/**
 * `bid` (SSE id = seq): a bid was accepted. In modes 2 and 5 price, quantity and alias are null
 * (bids stay sealed); otherwise the piece's public state after it.
 */
export const auctionBidEventSchema = z.object({
  seq: z.number().int(),
  pieceId: z.string(),
  price: z.number().int().nullable(),
  quantity: z.number().nullable(),
  alias: z.string().nullable(),
  time: z.string(),
  currentPrice: z.number().int().nullable(),
  leaderAlias: z.string().nullable(),
  clearingPrice: z.number().int().nullable(),
  bidderCount: z.number().int(),
  endTime: z.string(),
});
export type AuctionBidEvent = z.infer<typeof auctionBidEventSchema>;

/** `extended`: anti-sniping moved a piece's end. */
export const auctionExtendedEventSchema = z.object({ pieceId: z.string(), endTime: z.string() });
export type AuctionExtendedEvent = z.infer<typeof auctionExtendedEventSchema>;

/** `status`: the space's state now (sent after a resume, and on every change of state). */
export const auctionStatusEventSchema = z.object({
  spaceStatus: z.number().int(),
  suspended: z.boolean(),
  serverTime: z.string(),
  lastSeq: z.number().int(),
  pieces: z.array(z.object({ pieceId: z.string(), tradeStatus: z.number().int(), endTime: z.string() })),
});
export type AuctionStatusEvent = z.infer<typeof auctionStatusEventSchema>;

/** `result`: a piece closed (or its reserve was decided); the result call has the detail. */
export const auctionResultEventSchema = z.object({
  pieceId: z.string(),
  tradeStatus: z.number().int(),
  dealPrice: z.number().int().nullable(),
  dealQuantity: z.number().nullable(),
  spaceStatus: z.number().int(),
});
export type AuctionResultEvent = z.infer<typeof auctionResultEventSchema>;

/**
 * How a space's status changes: a draft submitted for review, approved (or rejected and edited
 * again), started by its time, finished when every piece has its outcome, done when every order
 * of it ended; withdrawn by its owner before the start, or by an operator while suspended.
 */
export const auctionSpaceMachine = /* @__PURE__ */ defineMachine({
  name: 'auctionSpace',
  table: 'auction_spaces',
  id: 'id',
  state: 'space_status',
  labels: SPACE_STATUSES,
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    create: { from: [], to: [0] },
    submit: { from: [0, 3], to: [1] },
    withdraw: { from: [0, 1, 2], to: [5] },
    approve: { from: [1], to: [2] },
    reject: { from: [1], to: [3] },
    adminWithdraw: { from: [2, 4], to: [5] },
    start: { from: [2], to: [4], by: 'job' },
    finish: { from: [4], to: [6, 7], by: 'effect' },
    complete: { from: [7], to: [8], by: 'effect' },
  },
});

/** An approved or running space's suspension (its `suspended` flag): set and lifted by an operator. */
export const auctionSuspensionMachine = /* @__PURE__ */ defineMachine({
  name: 'auctionSuspension',
  table: 'auction_spaces',
  id: 'id',
  state: 'suspended',
  labels: { 0: l('未暂停', 'Not suspended', '未暫停'), 1: l('已暂停', 'Suspended', '已暫停') },
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    suspend: { from: [0], to: [1] },
    resume: { from: [1], to: [0] },
    /** An operator's withdrawal ends the suspension together with the space. */
    lift: { from: [1], to: [0] },
  },
});

/**
 * How a piece's trade status changes: open until its close decides it (deal, unsold, partial, or
 * waiting for the owner when the best bid missed the reserve), then the owner accepts or declines,
 * or the decision's deadline passes and it is unsold.
 */
export const auctionPieceMachine = /* @__PURE__ */ defineMachine({
  name: 'auctionPiece',
  table: 'auction_pieces',
  id: 'id',
  state: 'trade_status',
  labels: TRADE_STATUSES,
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    create: { from: [], to: [0] },
    close: { from: [0], to: [1, 2, 3, 4], by: 'job' },
    accept: { from: [4], to: [1, 2, 3] },
    decline: { from: [4], to: [2] },
    lapse: { from: [4], to: [2], by: 'job' },
  },
});

/**
 * How a registration's deposit state changes: frozen when the company registers; released when
 * the space is withdrawn or the company wins nothing; kept with a won order until that order ends
 * (released on completion, forfeited when the buyer does not pay).
 */
export const auctionRegistrationMachine = /* @__PURE__ */ defineMachine({
  name: 'auctionRegistration',
  table: 'auction_registrations',
  id: 'id',
  state: 'deposit_state',
  refusal: 'CONFLICT',
  transitions: {
    register: { from: [], to: ['frozen'] },
    release: { from: ['frozen'], to: ['released'], by: 'effect' },
    keep: { from: ['frozen'], to: ['kept'], by: 'effect' },
    settle: { from: ['kept'], to: ['released', 'forfeited'], by: 'effect' },
  },
});

export const auctionTradeEndpoints = {
  save: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/save',
    access: { permission: AUCTION_PERMISSION },
    body: auctionSpaceSaveBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Create a draft space with its pieces, or edit an own space in draft or rejected',
    changes: joinChanges(changesOf(auctionSpaceMachine, 'create'), changesOf(auctionPieceMachine, 'create')),
  },
  submit: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/submit',
    access: { permission: AUCTION_PERMISSION },
    body: auctionSpaceIdBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Submit a draft or rejected space for review',
    changes: changesOf(auctionSpaceMachine, 'submit'),
  },
  withdraw: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/withdraw',
    access: { permission: AUCTION_PERMISSION },
    body: auctionSpaceIdBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Withdraw an own space before it starts (registrations and their deposits are released)',
    changes: joinChanges(changesOf(auctionSpaceMachine, 'withdraw'), changesOf(auctionRegistrationMachine, 'release')),
  },
  myPage: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/myPage',
    access: { permission: AUCTION_PERMISSION },
    body: auctionPageBodySchema,
    answer: managedAuctionSpacePageSchema,
    summary: "The caller's company's spaces in every state",
  },
  myDetail: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/myDetail',
    access: { permission: AUCTION_PERMISSION },
    body: auctionSpaceIdBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'One own space with its reserve prices (404 for another company)',
  },
  registeredPage: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/registeredPage',
    access: { permission: AUCTION_PERMISSION },
    body: auctionPageBodySchema,
    answer: pageOf(registeredAuctionSpaceSchema),
    summary: 'Spaces the caller registered for, with its registration',
  },
  reviewPage: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/reviewPage',
    access: { permission: AUCTION_REVIEW_PERMISSION },
    body: auctionPageBodySchema,
    answer: managedAuctionSpacePageSchema,
    summary: "The operator's queue (pending review by default; never drafts)",
  },
  reviewDetail: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/reviewDetail',
    access: { permission: AUCTION_REVIEW_PERMISSION },
    body: auctionSpaceIdBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'One space for the operator (drafts answer 404; no reserve prices)',
  },
  review: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/review',
    access: { permission: AUCTION_REVIEW_PERMISSION },
    body: auctionReviewBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Approve a pending space (it goes public) or reject it with a reason',
    changes: changesOf(auctionSpaceMachine, 'approve', 'reject'),
  },
  suspend: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/suspend',
    access: { permission: AUCTION_REVIEW_PERMISSION },
    body: auctionReasonBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Stop an approved or running space from taking bids, with a reason',
    changes: changesOf(auctionSuspensionMachine, 'suspend'),
  },
  resume: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/resume',
    access: { permission: AUCTION_REVIEW_PERMISSION },
    body: auctionReasonBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Let a suspended space take bids again (ends passed while suspended move by the pause)',
    changes: changesOf(auctionSuspensionMachine, 'resume'),
  },
  adminWithdraw: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/adminWithdraw',
    access: { permission: AUCTION_REVIEW_PERMISSION },
    body: auctionReasonBodySchema,
    answer: managedAuctionSpaceSchema,
    summary: 'Withdraw a suspended space for cause (it ends without a result; registration deposits are released)',
    changes: joinChanges(
      changesOf(auctionSpaceMachine, 'adminWithdraw'),
      changesOf(auctionSuspensionMachine, 'lift'),
      changesOf(auctionRegistrationMachine, 'release'),
    ),
  },
  register: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/register',
    access: { permission: AUCTION_PERMISSION },
    body: auctionSpaceIdBodySchema,
    answer: auctionRegistrationSchema,
    summary: 'Register for a space: freezes its deposit and gives a fixed alias (again: answers the same registration)',
    changes: changesOf(auctionRegistrationMachine, 'register'),
  },
  room: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/room',
    access: 'public',
    body: auctionSpaceIdBodySchema,
    answer: auctionRoomSchema,
    summary: 'The live room: pieces with live prices and end times, the caller’s registration and bids, server time, last seq',
  },
  place: {
    method: 'POST',
    path: '/auction/ws/bid/place',
    access: { permission: AUCTION_PERMISSION },
    body: auctionBidPlaceBodySchema,
    answer: auctionBidSchema,
    summary: 'Place a bid: accepted with its seq, or refused with the reason and nothing written',
  },
  result: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/result',
    access: 'public',
    body: auctionSpaceIdBodySchema,
    answer: auctionResultSchema,
    summary: 'Outcomes, every bid in seq order and the audit chain digest (refused before the close)',
  },
  decideReserve: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/decideReserve',
    access: { permission: AUCTION_PERMISSION },
    body: auctionDecideReserveBodySchema,
    answer: managedAuctionPieceSchema,
    summary: 'The owner accepts or declines a best bid that missed the reserve',
    changes: changesOf(auctionPieceMachine, 'accept', 'decline'),
  },
  stream: {
    method: 'GET',
    path: '/auction/ws/auctionSpaceInfo/stream',
    access: 'public',
    query: auctionStreamQuerySchema,
    answer: z.null(),
    summary:
      'Server-Sent Events of a room: `bid` (id = seq; Last-Event-ID resumes after it, then one `status`), `extended`, `status`, `result`, heartbeat comments',
  },
} as const satisfies Record<string, Endpoint>;
