import { z } from 'zod';
import {
  CONTRACT_ACTIONS,
  CONTRACT_ADMIN_PERMISSION,
  CONTRACT_EVENT_KINDS,
  CONTRACT_FILTERS,
  CONTRACT_LIMITS,
  CONTRACT_ORIGINS,
  CONTRACT_PERMISSION,
  CONTRACT_SIDES,
  CONTRACT_STATE_VALUES,
  contractMachine,
  contractPartyMachine,
} from './contract-terms';
import {
  contractMarketSettingSchema,
  contractSettingSaveBodySchema,
  contractTemplateActivateBodySchema,
  contractTemplateCreateBodySchema,
  contractTemplateDetailBodySchema,
  contractTemplateDetailSchema,
  contractTemplatePageBodySchema,
  contractTemplateRowSchema,
  contractTemplateVersionBodySchema,
  contractVerifyAnswerSchema,
  contractVerifyBodySchema,
  marketIdSchema,
} from './contract-admin-schemas';
import type { Endpoint } from './endpoint';
import { LANGS } from './i18n';
import { pageNoSchema, pageOf, pageSizeSchema } from './paging';
import { changesOf } from './state-machine';
import { inputString, requiredText, text } from './validation';

/**
 * The calls of electronic contracts: the parties' list, detail and signing, the operators'
 * templates, settings and supervision, and the public check of a PDF. Their states, labels,
 * placeholders and limits are in contract-terms.ts, exported here too.
 */
export * from './contract-terms';
export * from './contract-admin-schemas';

// Wire shapes

const contractNoSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, { message: 'invalidFormat' });
const originSchema = z.enum(CONTRACT_ORIGINS, { message: 'invalidValue' });

export const contractPartySchema = z.object({
  side: z.enum(CONTRACT_SIDES),
  companyName: z.string(),
  creditCode: z.string(),
  state: z.number().int(),
  /** The user who signed or declined for the company; empty while waiting. */
  signerName: z.string(),
  /** UTC ISO; empty while waiting. */
  signedAt: z.string(),
  declinedAt: z.string(),
  declineReason: z.string(),
});
export type ContractParty = z.infer<typeof contractPartySchema>;

export const contractEventSchema = z.object({
  kind: z.enum(CONTRACT_EVENT_KINDS),
  /** Empty when the platform acted (generation, sealing, the deadline). */
  actorName: z.string(),
  companyName: z.string(),
  at: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  note: z.string(),
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

export const contractRowSchema = z.object({
  contractNo: z.string(),
  orderNo: z.string(),
  origin: z.enum(CONTRACT_ORIGINS),
  /** The tradeListingCode, spaceId or tenderNo. */
  originCode: z.string(),
  marketId: z.string(),
  state: z.number().int(),
  /** The template's language: the contract's language. */
  lang: z.enum(LANGS),
  templateCode: z.string(),
  templateVersion: z.number().int(),
  buyerName: z.string(),
  sellerName: z.string(),
  goodsName: z.string(),
  /** Cents of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  /** The signing deadline (UTC ISO). */
  signBy: z.string(),
  /** When the platform sealed it; empty until then. */
  completedAt: z.string(),
  /** The caller's side; empty for an operator. */
  mySide: z.union([z.enum(CONTRACT_SIDES), z.literal('')]),
  /** The caller's company's part (CONTRACT_PARTY_STATES); -1 for an operator. */
  myPartyState: z.number().int(),
});
export type ContractRow = z.infer<typeof contractRowSchema>;

export const contractDetailSchema = contractRowSchema.extend({
  parties: z.array(contractPartySchema),
  /** The audit trail, oldest first. */
  events: z.array(contractEventSchema),
  /** SHA-256 (hex) of the file as it is now (the sealed file once completed). */
  sha256: z.string(),
  /** SHA-256 (hex) of the first revision, as generated. */
  originalSha256: z.string(),
  /** Where the PDF is served (viewing it is recorded). */
  pdfUrl: z.string(),
  /** Whether the market requires the signed contract before the order may be paid. */
  signingRequiredBeforePayment: z.boolean(),
  actions: z.array(z.enum(CONTRACT_ACTIONS)),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const contractPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(10),
  filter: z.enum(CONTRACT_FILTERS, { message: 'invalidValue' }).optional(),
});
export type ContractPageBody = z.input<typeof contractPageBodySchema>;

export const contractPageSchema = pageOf(contractRowSchema).extend({
  /** The caller's contracts per filter, whatever the filter asked. */
  counts: z.record(z.string(), z.number().int()),
});
export type ContractPage = z.infer<typeof contractPageSchema>;

export const contractAdminPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(10),
  state: z
    .number()
    .int({ message: 'invalidValue' })
    .refine((v) => (CONTRACT_STATE_VALUES as readonly number[]).includes(v), { message: 'invalidValue' })
    .optional(),
  origin: originSchema.optional(),
  marketId: marketIdSchema.optional(),
  /** Part of the contract or order number or either company's name. */
  keyword: text(CONTRACT_LIMITS.keywordMax).optional(),
});
export type ContractAdminPageBody = z.input<typeof contractAdminPageBodySchema>;

export const contractNoBodySchema = z.strictObject({ contractNo: contractNoSchema });
/** The order's contract (the order pages link to it). */
export const contractOfOrderBodySchema = z.strictObject({
  orderNo: inputString()
    .trim()
    .regex(/^[A-Za-z0-9]{1,40}$/, { message: 'invalidFormat' }),
});

export const contractSendCodeAnswerSchema = z.object({
  /** The signer's own mobile number, masked (138****8000). */
  mobile: z.string(),
  /** Seconds before another code may be asked for. */
  resendSeconds: z.number().int(),
});

export const contractSignBodySchema = z.strictObject({
  contractNo: contractNoSchema,
  /** The SMS code just sent to the signer's own mobile. */
  code: inputString()
    .trim()
    .regex(/^\d{6}$/, { message: 'smsCodePattern' }),
});
export type ContractSignBody = z.input<typeof contractSignBodySchema>;

export const contractDeclineBodySchema = z.strictObject({
  contractNo: contractNoSchema,
  reason: requiredText(CONTRACT_LIMITS.declineReasonMax),
});
export type ContractDeclineBody = z.input<typeof contractDeclineBodySchema>;

/** GET query of the PDF. */
export const contractPdfQuerySchema = z.strictObject({ contractNo: contractNoSchema });

const BASE = '/commtrade/ws/contract';

export const contractEndpoints = {
  page: {
    method: 'POST',
    path: `${BASE}/page`,
    access: { permission: CONTRACT_PERMISSION },
    body: contractPageBodySchema,
    answer: contractPageSchema,
    summary: "The caller's company's contracts (either side), by filter, with counts per filter",
  },
  detail: {
    method: 'POST',
    path: `${BASE}/detail`,
    access: { permission: CONTRACT_PERMISSION },
    body: contractNoBodySchema,
    answer: contractDetailSchema,
    summary: 'One contract of either party with parties, audit trail, digests and what the caller may do (404 for others)',
  },
  ofOrder: {
    method: 'POST',
    path: `${BASE}/ofOrder`,
    access: { permission: CONTRACT_PERMISSION },
    body: contractOfOrderBodySchema,
    answer: contractDetailSchema.nullable(),
    summary: "An order's contract for either party; null when the order has none",
  },
  pdf: {
    method: 'GET',
    path: `${BASE}/pdf`,
    access: { permission: CONTRACT_PERMISSION },
    query: contractPdfQuerySchema,
    /** The PDF itself (application/pdf, inline); failures are envelopes. */
    answer: z.unknown(),
    summary: 'The contract PDF as it is now, for either party (recorded as viewed)',
  },
  sendCode: {
    method: 'POST',
    path: `${BASE}/sendCode`,
    access: { permission: CONTRACT_PERMISSION },
    body: contractNoBodySchema,
    answer: contractSendCodeAnswerSchema,
    summary: "Sends a signing code to the caller's own mobile",
  },
  sign: {
    method: 'POST',
    path: `${BASE}/sign`,
    access: { permission: CONTRACT_PERMISSION },
    body: contractSignBodySchema,
    answer: contractDetailSchema,
    summary: "Signs for the caller's company with the SMS code; the second signature completes and seals it",
    changes: [...changesOf(contractPartyMachine, 'sign'), ...changesOf(contractMachine, 'complete')],
  },
  decline: {
    method: 'POST',
    path: `${BASE}/decline`,
    access: { permission: CONTRACT_PERMISSION },
    body: contractDeclineBodySchema,
    answer: contractDetailSchema,
    summary: 'Declines with a reason: the order is cancelled and its deposits released',
    changes: [...changesOf(contractPartyMachine, 'decline'), ...changesOf(contractMachine, 'decline')],
  },
  adminPage: {
    method: 'POST',
    path: `${BASE}/adminPage`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractAdminPageBodySchema,
    answer: pageOf(contractRowSchema),
    summary: 'Operator: every contract',
  },
  adminDetail: {
    method: 'POST',
    path: `${BASE}/adminDetail`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractNoBodySchema,
    answer: contractDetailSchema,
    summary: 'Operator: one contract with its audit trail (no actions)',
  },
  adminPdf: {
    method: 'GET',
    path: `${BASE}/adminPdf`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    query: contractPdfQuerySchema,
    answer: z.unknown(),
    summary: 'Operator: the contract PDF as it is now',
  },
  templatePage: {
    method: 'POST',
    path: `${BASE}/template/page`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractTemplatePageBodySchema,
    answer: pageOf(contractTemplateRowSchema),
    summary: 'Operator: the contract templates',
  },
  templateDetail: {
    method: 'POST',
    path: `${BASE}/template/detail`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractTemplateDetailBodySchema,
    answer: contractTemplateDetailSchema,
    summary: 'Operator: one template with every version',
  },
  templateCreate: {
    method: 'POST',
    path: `${BASE}/template/create`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractTemplateCreateBodySchema,
    answer: contractTemplateDetailSchema,
    summary: 'Operator: a new template (version 1); active replaces the active one of its market and origin',
  },
  templateVersion: {
    method: 'POST',
    path: `${BASE}/template/newVersion`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractTemplateVersionBodySchema,
    answer: contractTemplateDetailSchema,
    summary: 'Operator: a new version of a template (contracts already made keep theirs)',
  },
  templateActivate: {
    method: 'POST',
    path: `${BASE}/template/activate`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractTemplateActivateBodySchema,
    answer: contractTemplateDetailSchema,
    summary: 'Operator: make a template the one its market and origin use',
  },
  settingList: {
    method: 'POST',
    path: `${BASE}/setting/list`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    answer: z.array(contractMarketSettingSchema),
    summary: 'Operator: the signing settings of every market',
  },
  settingSave: {
    method: 'POST',
    path: `${BASE}/setting/save`,
    access: { permission: CONTRACT_ADMIN_PERMISSION },
    body: contractSettingSaveBodySchema,
    answer: contractMarketSettingSchema,
    summary: "Operator: one market's signing settings (for contracts made from now on)",
  },
  verify: {
    method: 'POST',
    path: `${BASE}/verify`,
    access: 'public',
    body: contractVerifyBodySchema,
    answer: contractVerifyAnswerSchema,
    summary: 'Anyone: check a contract PDF: signatures, unchanged since signing, who signed when, the platform record it matches',
  },
} as const satisfies Record<string, Endpoint>;

/** The URL the browser opens to view a contract's PDF. */
export function contractPdfUrl(contractNo: string): string {
  return `${contractEndpoints.pdf.path}?contractNo=${encodeURIComponent(contractNo)}`;
}
