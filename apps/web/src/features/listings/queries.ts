import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { ListingSearchBody } from '@portal/contracts/listings';
import { commtradeRoutes as cep } from '@portal/contracts/routes/commtrade';
import { listingRoutes as lep } from '@portal/contracts/routes/listings';
import { call } from '../../api/client';

/** Reference data changes rarely; moving between pages should not fetch it again. */
const STALE = 5 * 60_000;
/** The market modes whose markets the listing page offers as filters. */
export const LISTING_MARKET_MODES = [1, 7];

export function useVarietyTree() {
  return useQuery({ queryKey: ['trading', 'varieties'], queryFn: () => call(cep.portalQueryVarietyTree), staleTime: STALE });
}

export function useMarkets() {
  return useQuery({
    queryKey: ['trading', 'markets', LISTING_MARKET_MODES],
    queryFn: () => call(cep.queryMarketListByModeForCms, { body: { objMode: LISTING_MARKET_MODES } }),
    staleTime: STALE,
  });
}

export function useMoneyTypes() {
  return useQuery({ queryKey: ['trading', 'moneyTypes'], queryFn: () => call(cep.queryListingMoneyTypeList), staleTime: STALE });
}

export function useRecommendedShops() {
  return useQuery({ queryKey: ['trading', 'recommendedShops'], queryFn: () => call(cep.getRecommend), staleTime: STALE });
}

/**
 * A page of the listing search; the previous page stays on screen while the next one loads, and
 * while `body` is null (a skipped search).
 */
export function useListingSearch(body: ListingSearchBody | null) {
  return useQuery({
    queryKey: ['trading', 'listings', body],
    queryFn: body ? ({ signal }) => call(lep.portalSalePage, { body, signal }) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function useListingDetail(tradeListingCode: string | null) {
  return useQuery({
    queryKey: ['trading', 'listing', tradeListingCode],
    queryFn: () => call(lep.portalListingDetail, { body: { tradeListingCode: tradeListingCode! } }),
    enabled: Boolean(tradeListingCode),
    retry: false,
  });
}

export function useShopDetail(userId: string | null) {
  return useQuery({
    queryKey: ['trading', 'shop', userId],
    queryFn: () => call(cep.portalShopDetail, { body: { userId: userId! } }),
    enabled: Boolean(userId),
    retry: false,
  });
}
