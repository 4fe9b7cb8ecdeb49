import type { TenantRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';
import { contains, type ResourceRepo } from '../../platform/resource';

type Filters = { tenant_name?: string };
type Create = { tenant_id: string; tenant_name: string; kind_code?: string };
type Update = { tenant_name: string; kind_code?: string };

/** Tenants for the back office, with how many accounts each has. */
export function createTenantsAdminRepo(db: Db): ResourceRepo<TenantRow, Filters, Create, Update> {
  const base = (f: Filters) => {
    let q = db.selectFrom('tenants');
    if (f.tenant_name) q = q.where(contains('tenant_name', f.tenant_name));
    return q;
  };
  const withCount = db
    .selectFrom('users')
    .select((eb) => ['tenant_id', eb.fn.countAll<number>().as('n')])
    .groupBy('tenant_id')
    .as('uc');
  const toRow = (r: { tenant_id: string; tenant_name: string; kind_code: string; n: number | string | null }): TenantRow => ({
    id: r.tenant_id,
    tenant_id: r.tenant_id,
    tenant_name: r.tenant_name,
    kind_code: r.kind_code,
    userCount: Number(r.n ?? 0),
  });
  return {
    page(f, pageNo, pageSize) {
      const rows = base(f)
        .leftJoin(withCount, 'uc.tenant_id', 'tenants.tenant_id')
        .select(['tenants.tenant_id', 'tenants.tenant_name', 'tenants.kind_code', 'uc.n'])
        .orderBy('tenants.tenant_id');
      return pageAndTotal(rows, base(f), pageNo, pageSize, toRow);
    },
    async get(id) {
      const row = await db
        .selectFrom('tenants')
        .leftJoin(withCount, 'uc.tenant_id', 'tenants.tenant_id')
        .select(['tenants.tenant_id', 'tenants.tenant_name', 'tenants.kind_code', 'uc.n'])
        .where('tenants.tenant_id', '=', id)
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      await db
        .insertInto('tenants')
        .values({ tenant_id: v.tenant_id, tenant_name: v.tenant_name, kind_code: v.kind_code ?? '' })
        .execute();
      return v.tenant_id;
    },
    async update(id, v) {
      await db
        .updateTable('tenants')
        .set({ tenant_name: v.tenant_name, kind_code: v.kind_code ?? '' })
        .where('tenant_id', '=', id)
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('tenants').where('tenant_id', '=', id).execute();
    },
  };
}
