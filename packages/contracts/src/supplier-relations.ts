import { z } from 'zod';
import { COMPANY_PERMISSION } from './admin-company';
import { PAGE_SIZE_OPTIONS } from './constants';
import type { Endpoint } from './endpoint';
import { idTextSchema, pageNoSchema } from './paging';
import { changesOf, defineMachine } from './state-machine';
import { text } from './validation';

/**
 * The supplier list (供应商管理) under the spec's call names. It is the same
 * list the back-office resource /omc/api/company/suppliers keeps and checkRelation reads.
 */

export const SUPPLIER_REMARK_MAX = 200;

const remarkSchema = text(SUPPLIER_REMARK_MAX);
const pageSizeOption = z
  .number()
  .int()
  .refine((v) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(v), { message: 'invalidValue' });

export const supplierRelationSchema = z.object({
  /** The supplier's user id (the row's key). */
  id: z.string(),
  supplierUserId: z.string(),
  /** The supplier's company name. */
  supplierName: z.string(),
  /** When it was added. */
  since: z.string(),
  remark: z.string(),
});
export type SupplierRelation = z.infer<typeof supplierRelationSchema>;

export const supplierRelationPageSchema = z.object({
  items: z.array(supplierRelationSchema),
  totalItem: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type SupplierRelationPage = z.infer<typeof supplierRelationPageSchema>;

export const supplierRelationPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
});

export const supplierRelationAddBodySchema = z
  .strictObject({
    supplierUserId: idTextSchema.optional(),
    /** A company's exact name, when the user id is not known. */
    supplierName: text(100).optional(),
    remark: remarkSchema.default(''),
  })
  .refine((b) => Boolean(b.supplierUserId) || Boolean(b.supplierName), { path: ['supplierUserId'], message: 'required' });
export type SupplierRelationAddBody = z.input<typeof supplierRelationAddBodySchema>;

export const supplierRelationRemarkBodySchema = z.strictObject({ supplierUserId: idTextSchema, remark: remarkSchema });
export const supplierRelationRemoveBodySchema = z.strictObject({ supplierUserId: idTextSchema });

export const SUPPLIER_APPLICATION_STATE_VALUES = ['pending', 'accepted', 'declined'] as const;

/** A supplier's request to join a buyer's supplier list (after a refusal for a missing relation). */
export const supplierApplicationSchema = z.object({
  applicationId: z.string(),
  buyerUserId: z.string(),
  /** The buyer's company name. */
  buyerName: z.string(),
  supplierUserId: z.string(),
  supplierName: z.string(),
  remark: z.string(),
  state: z.enum(SUPPLIER_APPLICATION_STATE_VALUES),
  /** When it was made. */
  time: z.string(),
  /** When the buyer decided; empty while pending. */
  decidedAt: z.string(),
});
export type SupplierApplication = z.infer<typeof supplierApplicationSchema>;

export const supplierApplyBodySchema = z.strictObject({
  /** The buyer company account's user id (a tender's userId). */
  buyerUserId: idTextSchema,
  remark: remarkSchema.default(''),
});
export type SupplierApplyBody = z.input<typeof supplierApplyBodySchema>;

export const supplierDecideBodySchema = z.strictObject({ applicationId: idTextSchema, accept: z.boolean() });
export type SupplierDecideBody = z.input<typeof supplierDecideBodySchema>;

export const supplierApplicationPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  /** Default: every state. */
  state: z.enum(SUPPLIER_APPLICATION_STATE_VALUES).optional(),
});
export const supplierApplicationPageSchema = z.object({
  items: z.array(supplierApplicationSchema),
  totalItem: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

/** How an application's state changes: made pending, then accepted or declined by the buyer once. */
export const supplierApplicationMachine = /* @__PURE__ */ defineMachine({
  name: 'supplierApplication',
  table: 'supplier_applications',
  id: 'id',
  state: 'state',
  refusal: 'CONFLICT',
  transitions: {
    apply: { from: [], to: ['pending'] },
    accept: { from: ['pending'], to: ['accepted'] },
    decline: { from: ['pending'], to: ['declined'] },
  },
});

export const supplierRelationEndpoints = {
  page: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/page',
    access: { permission: COMPANY_PERMISSION },
    body: supplierRelationPageBodySchema,
    answer: supplierRelationPageSchema,
    summary: "The caller's supplier list",
  },
  add: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/add',
    access: { permission: COMPANY_PERMISSION },
    body: supplierRelationAddBodySchema,
    answer: supplierRelationSchema,
    summary: 'Add a supplier by user id or exact company name, with a remark',
  },
  remark: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/remark',
    access: { permission: COMPANY_PERMISSION },
    body: supplierRelationRemarkBodySchema,
    answer: supplierRelationSchema,
    summary: "Change a supplier's remark",
  },
  remove: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/remove',
    access: { permission: COMPANY_PERMISSION },
    body: supplierRelationRemoveBodySchema,
    answer: z.object({ supplierUserId: z.string() }),
    summary: 'Take a supplier off the list',
  },
  apply: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/apply',
    access: { permission: COMPANY_PERMISSION },
    body: supplierApplyBodySchema,
    answer: supplierApplicationSchema,
    summary: 'Ask a buyer to be put on its supplier list (one pending application per buyer); the buyer is told',
    changes: changesOf(supplierApplicationMachine, 'apply'),
  },
  decide: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/decide',
    access: { permission: COMPANY_PERMISSION },
    body: supplierDecideBodySchema,
    answer: supplierApplicationSchema,
    summary: 'Accept (the supplier joins the list) or decline a pending application; the supplier is told',
    changes: changesOf(supplierApplicationMachine, 'accept', 'decline'),
  },
  applications: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/applications',
    access: { permission: COMPANY_PERMISSION },
    body: supplierApplicationPageBodySchema,
    answer: supplierApplicationPageSchema,
    summary: "Applications to the caller's supplier list, newest first",
  },
  myApplications: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/myApplications',
    access: { permission: COMPANY_PERMISSION },
    body: supplierApplicationPageBodySchema,
    answer: supplierApplicationPageSchema,
    summary: "The caller's own applications to buyers, newest first",
  },
} as const satisfies Record<string, Endpoint>;
