import { LISTING_MANAGE_STATE_VALUES } from '@portal/contracts/trade-constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { contains } from '../../platform/resource';

/** One company's listing counts: `total`, and one count per state in LISTING_MANAGE_STATE_VALUES' order. */
export interface CompanyStateCounts {
  companyId: number;
  companyName: string | null;
  counts: number[];
  total: number;
}

/** Storage of the listings-by-state report: counts grouped by the listing's company. */
export function createListingReportRepo(db: Db) {
  const filtered = (keyword: string | undefined) => {
    const q = db.selectFrom('listings').leftJoin('companies', 'companies.id', 'listings.company_id');
    return keyword ? q.where(contains('companies.name', keyword)) : q;
  };
  return {
    async statesByCompany(
      keyword: string | undefined,
      pageNo: number,
      pageSize: number,
    ): Promise<{ rows: CompanyStateCounts[]; total: number }> {
      const [rows, counted] = await Promise.all([
        filtered(keyword)
          .select((eb) => [
            'listings.company_id as companyId',
            'companies.name as companyName',
            eb.fn.countAll<number | string>().as('total'),
            ...LISTING_MANAGE_STATE_VALUES.map((state) =>
              sql<number | string>`sum(case when ${sql.ref('listings.obj_state')} = ${state} then 1 else 0 end)`.as(`state${state}`),
            ),
          ])
          .groupBy(['listings.company_id', 'companies.name'])
          .orderBy('total', 'desc')
          .orderBy('listings.company_id')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        filtered(keyword)
          .select((eb) => eb.fn.count<number | string>('listings.company_id').distinct().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(counted.n),
        rows: rows.map((r) => {
          const byName = r as unknown as Record<string, number | string>;
          return {
            companyId: r.companyId,
            companyName: r.companyName,
            total: Number(r.total),
            counts: LISTING_MANAGE_STATE_VALUES.map((state) => Number(byName[`state${state}`] ?? 0)),
          };
        }),
      };
    },
  };
}
export type ListingReportRepo = ReturnType<typeof createListingReportRepo>;
