import type { AuctionPieceSaveBody, AuctionSpaceSaveBody } from '@portal/contracts/auction-trade';

const HOUR = 3_600_000;

/** An ascending auction of one coal piece starting an hour after `now` and running an hour: what tests save unless they say otherwise. */
export function auctionSpaceTerms(varietyCode: string, now: Date, piece: Partial<AuctionPieceSaveBody> = {}): AuctionSpaceSaveBody {
  const at = now.getTime();
  return {
    spaceName: '晋煤销售竞拍专场',
    name: '煤炭 / 动力煤',
    spaceAuctionMode: 1,
    auctionBeginTime: new Date(at + HOUR).toISOString(),
    auctionEndTime: new Date(at + 2 * HOUR).toISOString(),
    priceStep: 1_000,
    deposit: 500_000,
    delayWindowSec: 0,
    delaySec: 0,
    itemList: [
      {
        pieceName: '动力煤 Q5500 第1标',
        varietyCode,
        totalWeight: 1000,
        basePrice: 60_000,
        paymentType: 2,
        transportWay: 'A',
        deliveryPlace: '山西太原',
        ...piece,
      },
    ],
  };
}
