import type { Selectable } from 'kysely';
import type { AuctionDetail, AuctionPage, AuctionPiece, AuctionSearch, AuctionSpace } from '@portal/contracts/auctions';
import { PUBLIC_SPACE_STATUSES } from '@portal/contracts/constants';
import { fileUrl } from '@portal/contracts/files';
import type { AuctionPieceTable, AuctionSpaceTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { AuctionsRepo, SpaceFilter } from './auctions.repo';

const isPublic = (status: number) => (PUBLIC_SPACE_STATUSES as readonly number[]).includes(status);
const direction = (sort: string | undefined) => (sort === 'ASC' ? 'asc' : sort === 'DESC' ? 'desc' : undefined);

/** A piece as the public sees it: a base price that is not open never leaves the server. */
function toPiece(row: Selectable<AuctionPieceTable>, currency: string): AuctionPiece {
  const open = row.open_base_price === 1;
  return {
    id: String(row.id),
    pieceName: row.piece_name,
    tradeStatus: row.trade_status,
    img1: row.img_file_id ? fileUrl(row.img_file_id) : '',
    openBasePrice: open ? 1 : 0,
    basePrice: open ? Number(row.base_price) : null,
    currency,
    paymentType: row.payment_type,
    totalWeight: Math.round(Number(row.total_weight_milli)) / 1000,
    statUnit: row.stat_unit,
  };
}

function toSpace(row: Selectable<AuctionSpaceTable>, pieces: Selectable<AuctionPieceTable>[], tradeStatus?: number): AuctionSpace {
  const lead = (tradeStatus === undefined ? undefined : pieces.find((p) => p.trade_status === tradeStatus)) ?? pieces[0];
  return {
    spaceId: String(row.id),
    id: String(row.id),
    spaceName: row.space_name,
    pieceName: lead?.piece_name ?? '',
    spaceInfoUser: row.space_info_user,
    userId: String(row.user_id),
    auctionDate: row.begin_at,
    auctionBeginTime: row.begin_at,
    auctionEndTime: row.end_at,
    tradeStatus: lead?.trade_status ?? 0,
    spaceStatus: row.space_status,
    spaceAuctionMode: row.space_auction_mode,
    name: row.name,
    entryPersonName: row.entry_person_name,
    itemList: pieces.map((p) => toPiece(p, row.currency)),
  };
}

/** The auction centre: public spaces (statuses 2, 4, 7, 8) only, read-only. */
export function createAuctionsService({ repo }: { repo: AuctionsRepo }) {
  async function withPieces(rows: Selectable<AuctionSpaceTable>[], tradeStatus?: number) {
    const pieces = await repo.piecesOf(rows.map((r) => r.id));
    return rows.map((row) =>
      toSpace(
        row,
        pieces.filter((p) => p.space_id === row.id),
        tradeStatus,
      ),
    );
  }

  return {
    async search(s: AuctionSearch): Promise<AuctionPage> {
      // Spaces in a status the public never sees (drafts, under review) are found by nobody here.
      const statuses = s.spaceStatus !== undefined ? [s.spaceStatus].filter(isPublic) : [...PUBLIC_SPACE_STATUSES];
      if (statuses.length === 0) return { items: [], totalItem: 0, pageNo: s.pageNo, pageSize: s.pageSize };
      const f: SpaceFilter = { statuses };
      if (s.spaceAuctionMode !== undefined) f.mode = s.spaceAuctionMode;
      if (s.tradeStatus !== undefined) f.tradeStatus = s.tradeStatus;
      const total = await repo.count(f);
      const offset = (s.pageNo - 1) * s.pageSize;
      const rows =
        offset < total ? await repo.page(f, { time: direction(s.timeSort), price: direction(s.priceSort) }, offset, s.pageSize) : [];
      return { items: await withPieces(rows, s.tradeStatus), totalItem: total, pageNo: s.pageNo, pageSize: s.pageSize };
    },

    async detail(spaceId: number): Promise<AuctionDetail> {
      const row = await repo.find(spaceId);
      if (!row || !isPublic(row.space_status) || row.scope !== 'open') throw new AppError('NOT_FOUND');
      const [space] = await withPieces([row]);
      return {
        ...space!,
        priceStep: Number(row.price_step),
        deposit: Number(row.deposit),
        currency: row.currency,
        deliveryPlace: row.delivery_place,
        description: row.description,
        contactName: row.contact_name,
        contactPhone: row.contact_phone,
      };
    },
  };
}
export type AuctionsService = ReturnType<typeof createAuctionsService>;
