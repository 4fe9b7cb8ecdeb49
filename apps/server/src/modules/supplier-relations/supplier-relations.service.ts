import { PAGE_PATHS } from '@portal/contracts/page-paths';
import {
  supplierApplicationMachine,
  type SupplierApplication,
  type SupplierRelation,
  type SupplierRelationPage,
  type supplierRelationAddBodySchema,
} from '@portal/contracts/supplier-relations';
import type { NotifyCompany } from '../messages';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { AppError } from '../../platform/errors';
import { create, move } from '../../platform/transitions';
import type { WritePath } from '../../platform/write-path';
import type { SupplierRelationsRepo } from './supplier-relations.repo';

/** Accounts that can be on a supplier list: company users (verified or not yet). */
const COMPANY_TYPES = ['comp', 'toVerified'];

type Row = NonNullable<Awaited<ReturnType<SupplierRelationsRepo['one']>>>;
type ApplicationRow = NonNullable<Awaited<ReturnType<SupplierRelationsRepo['application']>>>;
const toApplication = (r: ApplicationRow): SupplierApplication => ({
  applicationId: String(r.id),
  buyerUserId: String(r.buyer_user_id),
  buyerName: r.buyer_company ?? r.buyer_nick,
  supplierUserId: String(r.supplier_user_id),
  supplierName: r.supplier_company ?? r.supplier_nick,
  remark: r.remark,
  state: r.state === 'accepted' ? 'accepted' : r.state === 'declined' ? 'declined' : 'pending',
  time: r.created_at,
  decidedAt: r.decided_at,
});
/** Where an application's messages take the buyer and the supplier. */
const SUPPLIER_LIST_ROUTE = '/company/suppliers';
const TENDER_HALL_ROUTE = PAGE_PATHS.myTenderBids;
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
export function createSupplierRelationsService(deps: {
  repo: SupplierRelationsRepo;
  writes: WritePath;
  notifyCompany?: NotifyCompany;
  now: () => Date;
}) {
  const { repo, writes, now } = deps;
  return {
    /**
     * A supplier refused for a missing relationship asks the buyer to add it; one application at a
     * time per buyer. The buyer's users are told.
     */
    async apply(supplierUserId: number, buyerUserId: number, remark: string): Promise<SupplierApplication> {
      const buyer = await repo.user(buyerUserId);
      const supplier = await repo.user(supplierUserId);
      if (!buyer || !COMPANY_TYPES.includes(buyer.user_type) || !buyer.company_id) throw new AppError('NOT_FOUND');
      if (!supplier?.company_id) throw new AppError('NOT_A_COMPANY');
      if (buyer.company_id === supplier.company_id) throw new AppError('SELF_OPERATION');
      if (await repo.one(buyerUserId, supplierUserId)) throw new AppError('SUPPLIER_EXISTS');
      const applied = writes.write(
        { actorUserId: supplierUserId, action: 'apply', target: `supplier-applications:${buyerUserId}` },
        async (trx, emit, log) => {
          if (await repo.pendingApplication(buyerUserId, supplierUserId, trx)) throw new AppError('APPLICATION_PENDING');
          const { id } = await create(trx, supplierApplicationMachine, 'apply', 'pending', {
            buyer_user_id: buyerUserId,
            supplier_user_id: supplierUserId,
            remark,
            created_at: now().toISOString(),
          });
          const row = (await repo.application(id, trx))!;
          log.after = { applicationId: id, buyerUserId, supplierUserId };
          await deps.notifyCompany?.(
            trx,
            buyer.company_id!,
            {
              kind: 'supplier.applied',
              params: { party: toApplication(row).supplierName, reason: remark || '-' },
              link: { route: SUPPLIER_LIST_ROUTE, query: { applicationId: String(id) } },
            },
            emit,
          );
          return toApplication(row);
        },
      );
      // Two applications made at once: the database keeps one pending per pair, the other is refused as pending.
      return applied.catch((err: unknown) => {
        throw isUniqueViolation(err) ? new AppError('APPLICATION_PENDING') : err;
      });
    },

    /** The buyer accepts (the supplier joins the list) or declines a pending application; the supplier is told. */
    async decide(buyerUserId: number, applicationId: number, accept: boolean): Promise<SupplierApplication> {
      return writes.write(
        { actorUserId: buyerUserId, action: accept ? 'accept' : 'decline', target: `supplier-applications:${applicationId}` },
        async (trx, emit, log) => {
          const row = await repo.application(applicationId, trx);
          if (!row || row.buyer_user_id !== buyerUserId) throw new AppError('NOT_FOUND');
          const at = now().toISOString();
          // A decision that comes second finds the application decided and is refused.
          await move(trx, supplierApplicationMachine, accept ? 'accept' : 'decline', applicationId, {
            to: accept ? 'accepted' : 'declined',
            set: { decided_at: at },
          });
          if (accept && !(await repo.one(buyerUserId, row.supplier_user_id, trx))) {
            await repo.insert(trx, buyerUserId, row.supplier_user_id, row.remark, at);
          }
          log.before = { state: 'pending' };
          log.after = { state: accept ? 'accepted' : 'declined' };
          const decided = (await repo.application(applicationId, trx))!;
          if (decided.supplier_company_id) {
            await deps.notifyCompany?.(
              trx,
              decided.supplier_company_id,
              {
                kind: accept ? 'supplier.accepted' : 'supplier.declined',
                params: { party: toApplication(decided).buyerName },
                link: { route: TENDER_HALL_ROUTE },
              },
              emit,
            );
          }
          return toApplication(decided);
        },
      );
    },

    async applications(
      side: { buyerUserId: number } | { supplierUserId: number },
      q: { pageNo: number; pageSize: number; state?: string | undefined },
    ) {
      const { rows, total } = await repo.applicationPage(side, q.state, q.pageNo, q.pageSize);
      return { items: rows.map(toApplication), totalItem: total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

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
