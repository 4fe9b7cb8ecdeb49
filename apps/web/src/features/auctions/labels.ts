/**
 * Where a row's action goes: "go auction" opens the bidder's room (openType 1) while the space is
 * auctioning; "view" opens the result (openType 3) once bidding has closed (6 unsold, 7 and 8
 * dealt) and the watched room (openType 2) before the start, where a company can go on to register.
 */
export function auctionHref(spaceId: string, action: 'auction' | 'view', spaceStatus?: number): string {
  const openType = action === 'auction' ? 1 : spaceStatus !== undefined && spaceStatus >= 6 ? 3 : 2;
  return `/auctionBuyerDetail?openType=${openType}&spaceId=${encodeURIComponent(spaceId)}`;
}
