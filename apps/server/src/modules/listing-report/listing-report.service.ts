import { LISTING_MANAGE_STATE_VALUES } from '@portal/contracts/trade-constants';
import type { ListingReportAnswer } from '@portal/contracts/listing-report';
import type { ListingReportRepo } from './listing-report.repo';

/** The operators' report of listings by state per company. */
export function createListingReportService({ repo }: { repo: ListingReportRepo }) {
  return {
    async statesByCompany(f: { keyword?: string; pageNo: number; pageSize: number }): Promise<ListingReportAnswer> {
      const { rows, total } = await repo.statesByCompany(f.keyword || undefined, f.pageNo, f.pageSize);
      return {
        total,
        rows: rows.map((r) => ({
          id: String(r.companyId),
          companyName: r.companyName ?? '',
          total: r.total,
          byState: LISTING_MANAGE_STATE_VALUES.map((state, i) => ({ state, count: r.counts[i] ?? 0 })),
        })),
      };
    },
  };
}
export type ListingReportService = ReturnType<typeof createListingReportService>;
