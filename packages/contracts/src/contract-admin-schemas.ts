import { z } from 'zod';
import { CONTRACT_LIMITS, CONTRACT_ORIGINS } from './contract-terms';
import { LANGS } from './i18n';
import { idTextSchema, pageNoSchema, pageSizeSchema } from './paging';
import { inputString, longText, requiredText, text } from './validation';

/**
 * What the operators' template and settings calls and the public check take and answer
 * (their endpoints are in contracts.ts, which exports these too).
 */

const originSchema = z.enum(CONTRACT_ORIGINS, { message: 'invalidValue' });
/** A market's id; empty names the platform-wide default (auctions and tenders belong to no market). */
export const marketIdSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,40}$/, { message: 'invalidFormat' });
const VERIFY_BASE64_MAX = Math.ceil(CONTRACT_LIMITS.verifyMaxBytes / 3) * 4;
/** The body limit of the public check: the base64 text plus room. */
export const CONTRACT_VERIFY_BODY_LIMIT = VERIFY_BASE64_MAX + 64 * 1024;

// Templates (back office)

export const contractTemplateRowSchema = z.object({
  templateId: z.string(),
  /** Stable across versions. */
  code: z.string(),
  name: z.string(),
  /** Empty: every market without its own template. */
  marketId: z.string(),
  origin: z.enum(CONTRACT_ORIGINS),
  lang: z.enum(LANGS),
  /** The newest version's number (1, 2, ...). */
  version: z.number().int(),
  /** The template new contracts of its market and origin are made from. */
  active: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type ContractTemplateRow = z.infer<typeof contractTemplateRowSchema>;

export const contractTemplateVersionSchema = z.object({
  version: z.number().int(),
  body: z.string(),
  clauses: z.string(),
  note: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Contracts made from this version. */
  contractCount: z.number().int(),
});
export const contractTemplateDetailSchema = contractTemplateRowSchema.extend({
  /** Every version, newest first; the first is the current one. */
  versions: z.array(contractTemplateVersionSchema),
  /** The placeholders a body may use. */
  placeholders: z.array(z.string()),
});
export type ContractTemplateDetail = z.infer<typeof contractTemplateDetailSchema>;

export const contractTemplatePageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(10),
  origin: originSchema.optional(),
  marketId: marketIdSchema.optional(),
});
export const contractTemplateDetailBodySchema = z.strictObject({ templateId: idTextSchema });

const templateBody = longText(CONTRACT_LIMITS.templateBodyMax).refine((v) => v.trim().length > 0, { message: 'required' });
const clausesSchema = longText(CONTRACT_LIMITS.clausesMax).default('');

export const contractTemplateCreateBodySchema = z.strictObject({
  name: requiredText(CONTRACT_LIMITS.templateNameMax),
  /** Empty for every market. */
  marketId: marketIdSchema.default(''),
  origin: originSchema,
  lang: z.enum(LANGS, { message: 'invalidValue' }).default('zh-CN'),
  body: templateBody,
  clauses: clausesSchema,
  /** Make it the one new contracts of its market and origin use. */
  active: z.boolean().default(true),
});
export type ContractTemplateCreateBody = z.input<typeof contractTemplateCreateBodySchema>;

export const contractTemplateVersionBodySchema = z.strictObject({
  templateId: idTextSchema,
  name: requiredText(CONTRACT_LIMITS.templateNameMax).optional(),
  body: templateBody,
  clauses: clausesSchema,
  note: text(CONTRACT_LIMITS.versionNoteMax).default(''),
});
export type ContractTemplateVersionBody = z.input<typeof contractTemplateVersionBodySchema>;

export const contractTemplateActivateBodySchema = z.strictObject({ templateId: idTextSchema });

// Settings per market (back office)

export const contractMarketSettingSchema = z.object({
  marketId: z.string(),
  marketName: z.string(),
  /** The order may be paid only once its contract is completed (default on). */
  signingRequired: z.boolean(),
  /** Hours the parties have to sign after the contract is made (default 48). */
  signingHours: z.number().int(),
});
export type ContractMarketSetting = z.infer<typeof contractMarketSettingSchema>;

export const contractSettingSaveBodySchema = z.strictObject({
  marketId: marketIdSchema,
  signingRequired: z.boolean(),
  signingHours: z
    .number()
    .int({ message: 'invalidFormat' })
    .min(CONTRACT_LIMITS.signingHoursMin, { message: 'tooSmall' })
    .max(CONTRACT_LIMITS.signingHoursMax, { message: 'tooBig' }),
});
export type ContractSettingSaveBody = z.input<typeof contractSettingSaveBodySchema>;

// Public verification

export const contractVerifyBodySchema = z.strictObject({
  /** The PDF's bytes in base64 (no `data:` prefix). */
  data: inputString()
    .min(1, { message: 'required' })
    .max(VERIFY_BASE64_MAX, { message: 'tooLong' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'invalidFormat' }),
});

export const contractVerifySignatureSchema = z.object({
  signer: z.string(),
  organisation: z.string(),
  role: z.enum(['company', 'platform-seal']),
  signedAt: z.string(),
  valid: z.boolean(),
  certificateIssuedByPlatform: z.boolean(),
  coversWholeDocument: z.boolean(),
});

export const contractVerifyAnswerSchema = z.object({
  /** Every signature valid, the file unchanged since the last one, and a platform record matches. */
  valid: z.boolean(),
  signatures: z.array(contractVerifySignatureSchema),
  unchangedSinceLastSignature: z.boolean(),
  sha256: z.string(),
  /** The platform's record the file is (sealed file) or was made from (first revision); null when none. */
  match: z
    .object({
      contractNo: z.string(),
      orderNo: z.string(),
      state: z.number().int(),
      /** sealed: the file is the completed contract; original: it is the contract as first generated. */
      matchedBy: z.enum(['sealed', 'original', 'signed']),
      buyerName: z.string(),
      sellerName: z.string(),
      completedAt: z.string(),
    })
    .nullable(),
  /** Problem codes in English words (the page shows its own texts for the known ones). */
  problems: z.array(z.string()),
});
export type ContractVerifyAnswer = z.infer<typeof contractVerifyAnswerSchema>;
