/** Where a row's action goes: "go auction" (openType 1) while auctioning, else "view" (openType 2). */
export function auctionHref(spaceId: string, action: 'auction' | 'view'): string {
  return `/auctionBuyerDetail?openType=${action === 'auction' ? 1 : 2}&spaceId=${encodeURIComponent(spaceId)}`;
}
