import { useQuery } from '@tanstack/react-query';
import { priceIndexRoutes as ep } from '@portal/contracts/routes/price-index';
import { call } from '../../api/client';

/** A published day changes once a day; a visitor switching ranges reads what is already here. */
const STALE = 5 * 60_000;

export function usePriceIndexList() {
  return useQuery({ queryKey: ['price-index', 'indices'], queryFn: () => call(ep.indices), staleTime: STALE });
}

/** Every published day of one index (the ranges are cut from it in the page). */
export function usePriceSeries(varietyCode: string, marketCode: string) {
  return useQuery({
    queryKey: ['price-index', 'series', varietyCode, marketCode],
    queryFn: () => call(ep.series, { query: { varietyCode, ...(marketCode ? { marketCode } : {}) } }),
    enabled: varietyCode !== '',
    staleTime: STALE,
  });
}
