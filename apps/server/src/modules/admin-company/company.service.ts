import type { CompanyProfile, CompanyProfileBody, SupplierRow } from '@portal/contracts/admin-company';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { byActor, type Actor } from '../../platform/resource';
import type { Trx, WritePath } from '../../platform/write-path';
import { safeUrl } from '../../platform/rich-text';
import type { CompanyRepo } from './company.repo';

const COMPANY_TYPES = ['comp', 'toVerified'];

export interface CompanyServiceDeps {
  db: Db;
  /** The company repository over the database or over a write's transaction. */
  repo: (on: Db | Trx) => CompanyRepo;
  writes: WritePath;
  now: () => Date;
}

/**
 * The company user centre. Everything is scoped to the caller: a company id or buyer id that is not
 * the caller's own answers -107 (no right to this record), whatever the caller's permissions.
 */
export function createCompanyService({ db, repo, writes, now }: CompanyServiceDeps) {
  const companies = repo(db);
  async function ownCompanyId(userId: number, claimed?: string): Promise<number> {
    const user = await companies.companyIdOf(userId);
    if (!user?.company_id) throw new AppError('NOT_FOUND');
    if (claimed !== undefined && claimed !== String(user.company_id)) throw new AppError('NO_RIGHT');
    return user.company_id;
  }
  const ownBuyer = (actor: { userId: number }, claimed?: string) => {
    if (claimed !== undefined && claimed !== String(actor.userId)) throw new AppError('NO_RIGHT');
    return actor.userId;
  };

  async function profile(on: Db | Trx, id: number): Promise<CompanyProfile> {
    const c = await repo(on).findCompany(id);
    if (!c) throw new AppError('NOT_FOUND');
    return {
      id: String(c.id),
      name: c.name,
      creditCode: c.credit_code,
      legalPerson: c.legal_person,
      address: c.address,
      contactName: c.contact_name,
      contactPhone: c.contact_phone,
      email: c.email,
      mainBusiness: c.main_business,
      introduction: c.introduction,
      logoUrl: c.logo_url,
      updatedAt: c.updated_at || c.created_at,
    };
  }

  async function suppliers(
    actor: { userId: number },
    f: { keyword?: string; buyerUserId?: string; supplierId?: number },
    pageNo: number,
    pageSize: number,
  ) {
    const buyer = ownBuyer(actor, f.buyerUserId);
    const { rows, total } = await companies.supplierPage(buyer, f.keyword, pageNo, pageSize, f.supplierId);
    return {
      total,
      rows: rows.map((r): SupplierRow => ({
        id: String(r.id),
        account: r.account,
        nickName: r.nick_name,
        companyName: r.company_name ?? '',
        addedAt: r.created_at,
        remark: r.remark,
      })),
    };
  }

  return {
    async getProfile(userId: number, claimedId?: string): Promise<CompanyProfile> {
      return profile(db, await ownCompanyId(userId, claimedId));
    },

    async saveProfile(body: CompanyProfileBody, actor: Actor): Promise<CompanyProfile> {
      const id = await ownCompanyId(actor.userId, body.id);
      return writes.write({ ...byActor(actor), action: 'update', target: `company:${id}` }, async (trx, _emit, log) => {
        const before = await profile(trx, id);
        await repo(trx).saveCompany(
          id,
          {
            name: body.name,
            credit_code: body.creditCode ?? '',
            legal_person: body.legalPerson ?? '',
            address: body.address ?? '',
            contact_name: body.contactName ?? '',
            contact_phone: body.contactPhone ?? '',
            email: body.email ?? '',
            main_business: body.mainBusiness ?? '',
            introduction: body.introduction ?? '',
            logo_url: safeUrl(body.logoUrl ?? ''),
          },
          now().toISOString(),
        );
        const after = await profile(trx, id);
        log.before = before;
        log.after = after;
        return after;
      });
    },

    suppliers,

    /** Puts a company user on the caller's supplier list: from then on it may bid on the caller's tenders. */
    async addSupplier(body: { account: string; remark?: string; buyerUserId?: string }, actor: Actor): Promise<SupplierRow> {
      const buyer = ownBuyer(actor, body.buyerUserId);
      const supplier = await companies.findUserByAccount(body.account);
      if (!supplier) throw new AppError('NOT_FOUND');
      if (supplier.id === buyer) throw new AppError('SELF_OPERATION');
      if (!COMPANY_TYPES.includes(supplier.user_type)) throw new AppError('NOT_A_COMPANY');
      if (await companies.findRelation(buyer, supplier.id)) throw new AppError('SUPPLIER_EXISTS');
      await writes.write({ ...byActor(actor), action: 'create', target: `suppliers:${supplier.id}` }, async (trx, _emit, log) => {
        await repo(trx).addRelation(buyer, supplier.id, body.remark ?? '', now().toISOString());
        log.after = { buyerUserId: buyer, supplier: supplier.account, remark: body.remark ?? '' };
      });
      const page = await suppliers(actor, { keyword: supplier.account }, 1, 100);
      return page.rows.find((r) => r.id === String(supplier.id))!;
    },

    async removeSupplier(supplierId: string, actor: Actor): Promise<void> {
      const relation = /^\d{1,12}$/.test(supplierId) ? await companies.findRelation(actor.userId, Number(supplierId)) : undefined;
      if (!relation) throw new AppError('NOT_FOUND');
      const before = { buyerUserId: actor.userId, supplierUserId: relation.supplier_user_id };
      await writes.write({ ...byActor(actor), action: 'delete', target: `suppliers:${supplierId}`, before }, async (trx) => {
        await repo(trx).removeRelation(actor.userId, relation.supplier_user_id);
      });
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
