import { z } from 'zod';
import { inputString } from './validation';
import { AUCTION_PAGE_SIZE } from './constants';
import { enumField } from './enum-field';
import { SORT_DIRECTIONS } from './trade-constants';
import type { Endpoint } from './endpoint';
import { idTextSchema, pageNoSchema, pageOf, pageSizeSchema } from './paging';

/** '' (or absent) leaves the order alone; the page cycles empty -> DESC -> ASC -> DESC. */
const sortSchema = z.union([z.enum(SORT_DIRECTIONS), z.literal('')]).optional();

/** The auction centre's query. */
export const auctionSearchBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(AUCTION_PAGE_SIZE),
  currUserNo: inputString().max(32, { message: 'tooLong' }).optional(),
  /** 1, 2, 4, 5 or 6. */
  spaceAuctionMode: enumField('AuctionMode').optional(),
  /** Spaces with at least one piece in this trade status (0-4). */
  tradeStatus: enumField('TradeStatus').optional(),
  /** 2, 4, 7 or 8; spaces in other statuses are never shown, so those answer nothing. */
  spaceStatus: enumField('SpaceStatus').optional(),
  /** By the auction's start. */
  timeSort: sortSchema,
  /** By the lowest open base price; spaces without one come last. */
  priceSort: sortSchema,
});
export type AuctionSearchBody = z.input<typeof auctionSearchBodySchema>;
export type AuctionSearch = z.output<typeof auctionSearchBodySchema>;

export const auctionPieceSchema = z.object({
  id: z.string(),
  pieceName: z.string(),
  tradeStatus: z.number().int(),
  /** The picture's URL (`/file/download?fileId=...`), or empty. */
  img1: z.string(),
  /** 1 when the base price may be shown; otherwise the page shows ****. */
  openBasePrice: z.number().int(),
  /** Base price in cents, or null while it is not open. */
  basePrice: z.number().int().nullable(),
  currency: z.string(),
  paymentType: z.number().int(),
  totalWeight: z.number(),
  statUnit: z.string(),
});
export type AuctionPiece = z.infer<typeof auctionPieceSchema>;

export const auctionSpaceSchema = z.object({
  spaceId: z.string(),
  id: z.string(),
  spaceName: z.string(),
  /** The first piece's name. */
  pieceName: z.string(),
  /** The publishing company. */
  spaceInfoUser: z.string(),
  /** The publisher's user id. */
  userId: z.string(),
  /** ISO times of the auction's start and end; auctionDate is the start. */
  auctionDate: z.string(),
  auctionBeginTime: z.string(),
  auctionEndTime: z.string(),
  /** The first piece's trade status. */
  tradeStatus: z.number().int(),
  spaceStatus: z.number().int(),
  spaceAuctionMode: z.number().int(),
  /** The goods category of the space. */
  name: z.string(),
  entryPersonName: z.string(),
  itemList: z.array(auctionPieceSchema),
});
export type AuctionSpace = z.infer<typeof auctionSpaceSchema>;

export const auctionPageSchema = pageOf(auctionSpaceSchema);
export type AuctionPage = z.infer<typeof auctionPageSchema>;

export const auctionDetailBodySchema = z.strictObject({ spaceId: idTextSchema });
export const auctionDetailSchema = auctionSpaceSchema.extend({
  /** Smallest price step in cents. */
  priceStep: z.number().int(),
  /** Deposit a bidder pays, in cents. */
  deposit: z.number().int(),
  currency: z.string(),
  deliveryPlace: z.string(),
  description: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
});
export type AuctionDetail = z.infer<typeof auctionDetailSchema>;

export const auctionEndpoints = {
  buyerPageNoLogin: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/buyerPageNoLogin',
    access: 'public',
    body: auctionSearchBodySchema,
    answer: auctionPageSchema,
    summary: 'The auction centre: spaces in status 2, 4, 7 or 8 with their pieces',
  },
  spaceDetailNoLogin: {
    method: 'POST',
    path: '/auction/ws/auctionSpaceInfo/spaceDetailNoLogin',
    access: 'public',
    body: auctionDetailBodySchema,
    answer: auctionDetailSchema,
    summary: 'One auction space with its pieces and rules (read-only)',
  },
} as const satisfies Record<string, Endpoint>;
