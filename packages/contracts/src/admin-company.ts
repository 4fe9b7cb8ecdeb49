import { z } from 'zod';
import { inputString, requiredText, text } from './validation';
import type { Endpoint } from './endpoint';
import { defineResource } from './resource';
import { LIMITS } from './validation-rules';

/** The company user centre: a company user's own company profile and, as a tenderer, its supplier list. */

/** A user id on the wire, as the trading calls send it (buyerUserId). */
const userIdText = inputString()
  .trim()
  .regex(/^\d{1,12}$/, { message: 'invalidFormat' });

export const COMPANY_PERMISSION = 'company:edit';

export const companyProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The unified social credit code. */
  creditCode: z.string(),
  legalPerson: z.string(),
  address: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  email: z.string(),
  mainBusiness: z.string(),
  /** Plain text. */
  introduction: z.string(),
  logoUrl: z.string(),
  updatedAt: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** Sent by a page that names the company it edits; it must be the caller's own (else -107). */
const ownCompanyId = inputString()
  .trim()
  .regex(/^\d{1,12}$/, { message: 'invalidFormat' })
  .optional();

export const companyProfileBodySchema = z.strictObject({
  id: ownCompanyId,
  name: requiredText(LIMITS.companyNameMax),
  creditCode: text(18)
    .regex(/^([0-9A-HJ-NPQRTUWXY]{18})?$/, { message: 'invalidFormat' })
    .optional(),
  legalPerson: text(40).optional(),
  address: text(200).optional(),
  contactName: text(40).optional(),
  contactPhone: text(40)
    .regex(/^[0-9+\-\s()]*$/, { message: 'invalidFormat' })
    .optional(),
  email: text(100)
    .regex(/^(|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})$/, { message: 'invalidFormat' })
    .optional(),
  mainBusiness: text(500).optional(),
  introduction: text(2000).optional(),
  logoUrl: text(500)
    .regex(/^(|\/(?!\/)\S*|https?:\/\/\S+)$/, { message: 'invalidFormat' })
    .optional(),
});
export type CompanyProfileBody = z.infer<typeof companyProfileBodySchema>;

export const companyEndpoints = {
  getProfile: {
    method: 'POST',
    path: '/omc/api/company/profile/get',
    access: { permission: COMPANY_PERMISSION },
    body: z.strictObject({ id: ownCompanyId }).optional(),
    answer: companyProfileSchema,
    summary: "The signed-in company user's company profile (-107 for another company's)",
  },
  saveProfile: {
    method: 'POST',
    path: '/omc/api/company/profile/save',
    access: { permission: COMPANY_PERMISSION },
    body: companyProfileBodySchema,
    answer: companyProfileSchema,
    summary: "Save the own company's profile (-107 for another company's)",
  },
} as const satisfies Record<string, Endpoint>;

// The supplier list: the supply relationship behind checkRelation.

export const supplierRowSchema = z.object({
  /** The supplier's user id. */
  id: z.string(),
  account: z.string(),
  nickName: z.string(),
  companyName: z.string(),
  addedAt: z.string(),
  /** The buyer's own note on this supplier. */
  remark: z.string(),
});
export type SupplierRow = z.infer<typeof supplierRowSchema>;

export const suppliersResource = defineResource({
  name: 'suppliers',
  base: '/omc/api/company/suppliers',
  permission: { view: COMPANY_PERMISSION, edit: COMPANY_PERMISSION },
  row: supplierRowSchema,
  filters: z.object({
    keyword: text(40).optional(),
    /** The tenderer whose list it is; when sent it must be the caller (else -107). */
    buyerUserId: userIdText.optional(),
  }),
  create: z.strictObject({
    /** The supplier's account name. */
    account: requiredText(LIMITS.usernameMax),
    remark: text(200).optional(),
    buyerUserId: userIdText.optional(),
  }),
  update: z.object({ remark: text(200) }),
});
