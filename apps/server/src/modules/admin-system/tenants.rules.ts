import type { TenantRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { ResourceRules } from '../../platform/resource';

/** A tenant id is unique; a tenant that still has accounts is not deleted. */
export const tenantRules: ResourceRules<TenantRow, { tenant_id: string }, unknown> = {
  async beforeCreate(values, db: Db) {
    const exists = await db.selectFrom('tenants').select('tenant_id').where('tenant_id', '=', values.tenant_id).executeTakeFirst();
    if (exists) throw new AppError('TENANT_EXISTS');
  },
  async beforeRemove(before) {
    if (before.userCount > 0) throw new AppError('TENANT_IN_USE');
  },
};
