import type { SupplierRelation, SupplierRelationPage, supplierRelationAddBodySchema } from '@portal/contracts/supplier-relations';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { WritePath } from '../../platform/write-path';
import type { SupplierRelationsRepo } from './supplier-relations.repo';

/** Accounts that can be on a supplier list: company users (verified or not yet). */
const COMPANY_TYPES = ['comp', 'toVerified'];

type Row = NonNullable<Awaited<ReturnType<SupplierRelationsRepo['one']>>>;
const toRelation = (r: Row): SupplierRelation => ({
  id: String(r.supplier_user_id),
  supplierUserId: String(r.supplier_user_id),
  supplierName: r.company_name ?? r.nick_name,
  since: r.created_at,
  remark: r.remark,
});

/**
 * A buyer's supplier list under the spec's calls: the same rows the back-office resource keeps, so
 * checkRelation answers from it whichever way a supplier was added.
 */
export function createSupplierRelationsService(deps: { repo: SupplierRelationsRepo; writes: WritePath; now: () => Date }) {
  const { repo, writes, now } = deps;
  return {
    async page(buyerUserId: number, pageNo: number, pageSize: number): Promise<SupplierRelationPage> {
      const { rows, total } = await repo.page(buyerUserId, pageNo, pageSize);
      return { items: rows.map(toRelation), totalItem: total, pageNo, pageSize };
    },

    async add(buyerUserId: number, body: z.output<typeof supplierRelationAddBodySchema>): Promise<SupplierRelation> {
      const supplier = body.supplierUserId
        ? await repo.user(Number(body.supplierUserId))
        : await repo.userOfCompanyNamed(body.supplierName ?? '');
      if (!supplier) throw new AppError(body.supplierUserId ? 'NOT_FOUND' : 'NO_SUCH_COMPANY');
      if (!COMPANY_TYPES.includes(supplier.user_type)) throw new AppError('NOT_A_COMPANY');
      const buyer = await repo.user(buyerUserId);
      // A company is never its own supplier.
      if (supplier.id === buyerUserId || (buyer?.company_id && buyer.company_id === supplier.company_id))
        throw new AppError('SELF_OPERATION');
      if (await repo.one(buyerUserId, supplier.id)) throw new AppError('SUPPLIER_EXISTS');
      return writes.write({ actorUserId: buyerUserId, action: 'create', target: `suppliers:${supplier.id}` }, async (trx, _emit, log) => {
        await repo.insert(trx, buyerUserId, supplier.id, body.remark, now().toISOString());
        log.after = { buyerUserId, supplierUserId: supplier.id, remark: body.remark };
        return toRelation((await repo.one(buyerUserId, supplier.id, trx))!);
      });
    },

    async remark(buyerUserId: number, supplierUserId: number, remark: string): Promise<SupplierRelation> {
      return writes.write(
        { actorUserId: buyerUserId, action: 'update', target: `suppliers:${supplierUserId}` },
        async (trx, _emit, log) => {
          const before = await repo.one(buyerUserId, supplierUserId, trx);
          if (!before || !(await repo.setRemark(trx, buyerUserId, supplierUserId, remark))) throw new AppError('NOT_FOUND');
          log.before = { remark: before.remark };
          log.after = { remark };
          return toRelation((await repo.one(buyerUserId, supplierUserId, trx))!);
        },
      );
    },

    async remove(buyerUserId: number, supplierUserId: number): Promise<{ supplierUserId: string }> {
      return writes.write(
        { actorUserId: buyerUserId, action: 'delete', target: `suppliers:${supplierUserId}` },
        async (trx, _emit, log) => {
          if (!(await repo.remove(trx, buyerUserId, supplierUserId))) throw new AppError('NOT_FOUND');
          log.before = { buyerUserId, supplierUserId };
          return { supplierUserId: String(supplierUserId) };
        },
      );
    },
  };
}
export type SupplierRelationsService = ReturnType<typeof createSupplierRelationsService>;
