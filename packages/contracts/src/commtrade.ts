import { z } from 'zod';
import { inputString } from './validation';
import { ENUM_CLASS_NAMES } from './trade-constants';
import type { Endpoint } from './endpoint';
import { idTextSchema } from './paging';

const modeSchema = z.number().int().min(0).max(99);

export const marketQueryBodySchema = z.strictObject({
  /** One market mode or a list of them (`[1, 7]`); the answer holds the markets of any. */
  objMode: z.union([modeSchema, z.array(modeSchema).min(1).max(20)]),
  currUserNo: inputString().max(32, { message: 'tooLong' }).optional(),
});

export const marketSchema = z.object({
  marketId: z.string(),
  marketNameZh: z.string(),
  objMode: z.number().int(),
  currency: z.string(),
});
export type Market = z.infer<typeof marketSchema>;

/** A node of the 3-level variety tree; leaves have no children. */
export const varietyNodeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    /** The parent's code, or '' at the top level. */
    parCode: z.string(),
    shortName: z.string(),
    /** 1, 2 or 3. */
    level: z.number().int(),
    get children(): z.ZodArray<typeof varietyNodeSchema> {
      return z.array(varietyNodeSchema);
    },
    // A tree refers to itself: named, the API reference describes it once and points to it.
  })
  .meta({ id: 'VarietyNode' });
export type VarietyNode = z.infer<typeof varietyNodeSchema>;

export const moneyTypeSchema = z.object({ marketCode: z.string(), currency: z.string() });

export const enumQueryBodySchema = z.strictObject({ className: z.enum(ENUM_CLASS_NAMES) });
export const enumValueSchema = z.object({ value: z.string(), label: z.string() });
export type EnumValue = z.infer<typeof enumValueSchema>;

export const recommendedShopSchema = z.object({
  userId: z.string(),
  /** The logo's URL (`/file/download?fileId=...`). */
  shopLogo: z.string(),
  companyName: z.string(),
  mainBusiness: z.string(),
});
export type RecommendedShop = z.infer<typeof recommendedShopSchema>;

export const shopDetailBodySchema = z.strictObject({ userId: idTextSchema });
export const shopDetailSchema = recommendedShopSchema.extend({
  region: z.string(),
  introduction: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  /** Listings of this shop now on the market. */
  listingCount: z.number().int(),
  openedAt: z.string(),
});
export type ShopDetail = z.infer<typeof shopDetailSchema>;

export const commtradeEndpoints = {
  queryMarketListByModeForCms: {
    method: 'POST',
    path: '/commtrade/ext/cb/queryMarketListByModeForCms',
    access: 'public',
    body: marketQueryBodySchema,
    answer: z.array(marketSchema),
    summary: 'Markets of one or more market modes',
  },
  portalQueryVarietyTree: {
    method: 'POST',
    path: '/commtrade/ws/variety/portalQueryVarietyTree',
    access: 'public',
    answer: z.array(varietyNodeSchema),
    summary: 'The 3-level variety tree',
  },
  queryListingMoneyTypeList: {
    method: 'POST',
    path: '/commtrade/comm/queryListingMoneyTypeList',
    access: 'public',
    answer: z.array(moneyTypeSchema),
    summary: 'The currency of each market',
  },
  queryEnumValues: {
    method: 'POST',
    path: '/commtrade/comm/queryEnumValues',
    access: 'public',
    body: enumQueryBodySchema,
    answer: z.array(enumValueSchema),
    summary: "An enumeration's values with labels in the caller's language",
  },
  getRecommend: {
    method: 'POST',
    path: '/commtrade/ws/shop/getRecommend',
    access: 'public',
    answer: z.array(recommendedShopSchema),
    summary: 'Recommended suppliers',
  },
  portalShopDetail: {
    method: 'POST',
    path: '/commtrade/ws/shop/portalShopDetail',
    access: 'public',
    body: shopDetailBodySchema,
    answer: shopDetailSchema,
    summary: 'One store (the store page); its listings come from portalSalePage with shopUserId',
  },
} as const satisfies Record<string, Endpoint>;
