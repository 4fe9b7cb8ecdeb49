import type {
  AuctionBid,
  AuctionBidState,
  AuctionRegistration,
  AuctionRoomBid,
  AuctionScope,
  ManagedAuctionPiece,
  ManagedAuctionSpace,
} from '@portal/contracts/auction-trade';
import { sanitizeRichText } from '../../platform/rich-text';
import { fromMilli } from '@portal/contracts/quantity';
import type { BidRow, PieceRow, RegistrationRow, SpaceRow } from './auction-trade.repo';

/** What other companies see of a bidder: 竞买人 N, fixed for the space. */
export const aliasOf = (aliasNo: number): string => `竞买人 ${aliasNo}`;

/** A nullable numeric column as a number or null (PostgreSQL answers bigint as text). */
export const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

/** A piece as its owner (with its reserve) or an operator (`withReserve` false) sees it. */
export function toManagedPiece(p: PieceRow, varietyName: string, withReserve: boolean): ManagedAuctionPiece {
  return {
    id: String(p.id),
    pieceName: p.piece_name,
    varietyCode: p.variety_code,
    varietyName,
    totalWeight: fromMilli(p.total_weight_milli),
    statUnit: p.stat_unit,
    basePrice: Number(p.base_price),
    reservePrice: withReserve ? num(p.reserve_price) : null,
    openBasePrice: p.open_base_price,
    minBidNum: fromMilli(p.min_bid_milli),
    bidStepNum: fromMilli(p.bid_step_milli),
    paymentType: p.payment_type,
    transportWay: p.transport_way,
    deliveryPlace: p.delivery_place,
    pictures: JSON.parse(p.pictures_json) as string[],
    tradeStatus: p.trade_status,
    endTime: p.end_at,
    dealPrice: num(p.deal_price),
    dealQuantity: p.deal_milli === null ? null : fromMilli(p.deal_milli),
    reserveDecisionBy: p.trade_status === 4 ? p.decide_by : '',
  };
}

export function toManagedSpace(s: SpaceRow, pieces: ManagedAuctionPiece[]): ManagedAuctionSpace {
  return {
    spaceId: String(s.id),
    spaceName: s.space_name,
    name: s.name,
    spaceAuctionMode: s.space_auction_mode,
    spaceStatus: s.space_status,
    suspended: s.suspended === 1,
    auctionBeginTime: s.begin_at,
    auctionEndTime: s.end_at,
    registrationEndTime: s.registration_end_at || s.begin_at,
    priceStep: Number(s.price_step),
    deposit: Number(s.deposit),
    currency: s.currency,
    delayWindowSec: s.delay_window_sec,
    delaySec: s.delay_sec,
    scope: s.scope as AuctionScope,
    remark: s.remark,
    reviewRemark: s.review_remark,
    deliveryPlace: s.delivery_place,
    // Cleaned again on the way out: spaces saved before it was cleaned on the way in keep their text.
    description: sanitizeRichText(s.description),
    contactName: s.contact_name,
    contactPhone: s.contact_phone,
    userId: String(s.user_id),
    spaceInfoUser: s.space_info_user,
    registrationCount: s.registration_count,
    createdAt: s.created_at,
    updatedAt: s.updated_at || s.created_at,
    itemList: pieces,
  };
}

export function toRegistration(r: RegistrationRow): AuctionRegistration {
  return {
    registrationId: String(r.id),
    spaceId: String(r.space_id),
    alias: aliasOf(r.alias_no),
    time: r.created_at,
    deposit: Number(r.deposit),
    currency: r.currency,
    depositState: r.deposit_state as AuctionRegistration['depositState'],
  };
}

export function toBid(b: BidRow, endTime: string): AuctionBid {
  return {
    bidId: String(b.id),
    spaceId: String(b.space_id),
    pieceId: String(b.piece_id),
    seq: Number(b.seq),
    price: Number(b.price),
    quantity: fromMilli(b.quantity_milli),
    time: b.at,
    state: b.state as AuctionBidState,
    endTime,
  };
}

/** A bid in a history: the company's name only for those allowed to see it (`names`) or its own. */
export function toRoomBid(b: BidRow, viewerCompanyId: number | null, names: Map<number, string> | null): AuctionRoomBid {
  const mine = viewerCompanyId !== null && b.company_id === viewerCompanyId;
  return {
    seq: Number(b.seq),
    pieceId: String(b.piece_id),
    alias: aliasOf(b.alias_no),
    companyName: names?.get(b.company_id) ?? '',
    price: Number(b.price),
    quantity: fromMilli(b.quantity_milli),
    time: b.at,
    state: b.state as AuctionBidState,
    mine,
  };
}
