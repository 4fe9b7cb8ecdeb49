import { z } from 'zod';
import { inputString, withSpellings } from './validation';
import { CMS_LIMITS } from './cms-constants';
import type { Endpoint } from './endpoint';

const codeSchema = inputString()
  .min(1, { message: 'required' })
  .max(40, { message: 'tooLong' })
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: 'invalidFormat' });

/** A record id on the wire: digits as text, or a positive integer. */
export const recordIdSchema = z.union([
  z.number().int().min(1, { message: 'tooSmall' }).max(999_999_999_999, { message: 'tooBig' }),
  inputString().regex(/^[1-9]\d{0,11}$/, { message: 'invalidFormat' }),
]);

const pageNoSchema = z.number().int().min(1, { message: 'tooSmall' }).max(CMS_LIMITS.pageNoMax, { message: 'tooBig' });

// News types

export const newsTypeSchema = z.object({
  /** The type code, sent back as `artical_sub_type`. */
  dictValue: z.string(),
  dictText: z.string(),
});
export type NewsType = z.infer<typeof newsTypeSchema>;

/** No filters: the answer is every column of the news list (not the help centre). */
export const newsTypesBodySchema = z.strictObject({}).optional();

// Articles

export const articleSearchBodySchema = z.strictObject({
  page_no: pageNoSchema.default(1),
  page_size: z
    .number()
    .int()
    .min(1, { message: 'tooSmall' })
    .max(CMS_LIMITS.pageSizeMax, { message: 'tooBig' })
    .default(CMS_LIMITS.newsListPageSize),
  /** One news type code; absent means every news-list type. */
  artical_sub_type: codeSchema.optional(),
});
export type ArticleSearchBody = z.input<typeof articleSearchBodySchema>;

export const articleSummarySchema = z.object({
  id: z.string(),
  articleName: z.string(),
  /** A short summary in plain text. */
  articleRemark: z.string(),
  /** ISO date-time of publication. */
  publishDate: z.string(),
  articalSubType: z.string(),
  articalSubTypeName: z.string(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Sanitised HTML. */
  articleText: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articlePageSchema = z.object({ rows: z.array(articleSummarySchema), total: z.number().int() });
export type ArticlePage = z.infer<typeof articlePageSchema>;

/** The article: `news_id` in account-and-shell.md, `id` in trading-portal.md; either spelling. */
export const articleGetQuerySchema = withSpellings(z.object({}), {
  news_id: { schema: inputString().regex(/^[1-9]\d{0,11}$/, { message: 'invalidFormat' }), alias: 'id' },
});

// Page config and footer

export const pageConfigSchema = z.object({
  siteName: z.string(),
  pageLogo: z.object({
    /** The logo of the top bars (portal and user centre). */
    menuLogo: z.string(),
  }),
  /** The page footer's copyright line. */
  copyright: z.string(),
  icp: z.string(),
  servicePhone: z.string(),
  serviceEmail: z.string(),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

export const footerSchema = z.object({
  /** Sanitised HTML of the portal footer; empty when not configured. */
  footerText: z.string(),
});
export type Footer = z.infer<typeof footerSchema>;

// Banners

export const bannerQueryBodySchema = z.strictObject({ ad_position_code: codeSchema });

export const bannerSchema = z.object({
  adImageUrl: z.string(),
  /** Where a click goes inside the portal (a route), or empty. */
  url: z.string(),
  /** An outside link, or empty. */
  adHyperlinks: z.string(),
  /** '1' image linking to url, '2' image linking to adHyperlinks, '3' image with an attachment. */
  adType: z.string(),
  /** JSON text holding an id, e.g. `{"id":"12"}`, or empty. */
  adAttachment: z.string(),
  /** The headline, used as the image's alternative text. */
  adTitle: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

// Price indices

export const priceIndexSchema = z.object({
  goodsName: z.string(),
  /** The index value, two decimals. */
  priceIndex: z.number(),
  /** YYYY-MM-DD. */
  indexDate: z.string(),
  /** Changes in percent with two decimals; negative is down. */
  comparedWithYesterday: z.number(),
  comparedWithLastMonth: z.number(),
  yearOnYear: z.number(),
  /** Where the value comes from: `deals` (the daily index computed from deals) or `operator` (typed by an operator). */
  source: z.enum(['deals', 'operator']),
  /** The variety of an index from deals (its price page); empty for an operator's. */
  varietyCode: z.string(),
});
export type PriceIndex = z.infer<typeof priceIndexSchema>;

// Enterprises

export const enterpriseListQuerySchema = z.object({
  page_no: z.coerce.number().int().min(1, { message: 'tooSmall' }).max(CMS_LIMITS.pageNoMax, { message: 'tooBig' }).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, { message: 'tooSmall' })
    .max(CMS_LIMITS.enterprisePageSizeMax, { message: 'tooBig' })
    .default(CMS_LIMITS.homeEnterprisePageSize),
});

export const enterpriseSummarySchema = z.object({
  id: z.string(),
  logo: z.string(),
  enterpriseName: z.string(),
  mainBusiness: z.string(),
});
export type EnterpriseSummary = z.infer<typeof enterpriseSummarySchema>;

export const enterpriseSchema = enterpriseSummarySchema.extend({
  /** Sanitised HTML. */
  enterpriseIntroduce: z.string(),
});
export type Enterprise = z.infer<typeof enterpriseSchema>;

export const enterprisePageSchema = z.object({ rows: z.array(enterpriseSummarySchema), total: z.number().int() });
export type EnterprisePage = z.infer<typeof enterprisePageSchema>;

export const enterpriseGetBodySchema = z.strictObject({ id: recordIdSchema });

// About us and friend links

export const aboutUsSchema = z
  .object({
    logoImageUrl: z.string(),
    /** Sanitised HTML. */
    articleText: z.string(),
  })
  .nullable();
export type AboutUs = z.infer<typeof aboutUsSchema>;

export const friendLinkSchema = z.object({ id: z.string(), name: z.string(), url: z.string(), logo: z.string() });
export type FriendLink = z.infer<typeof friendLinkSchema>;

const noBodySchema = z.strictObject({}).optional();

export const cmsEndpoints = {
  newsTypes: {
    method: 'POST',
    path: '/cms/api/portal/cms/get_newstype_by_page',
    access: 'public',
    body: newsTypesBodySchema,
    answer: z.object({ rows: z.array(newsTypeSchema) }),
    summary: 'The news types the news list offers as columns',
  },
  searchArticles: {
    method: 'POST',
    path: '/cms/api/portal/cms/content/news/search',
    access: 'public',
    body: articleSearchBodySchema,
    answer: articlePageSchema,
    summary: 'A page of articles of one type (or of every news type), newest first',
  },
  getArticle: {
    method: 'GET',
    path: '/cms/api/portal/cms/content/news/get',
    access: 'public',
    query: articleGetQuerySchema,
    answer: articleSchema,
    summary: 'One article with its rich-text body; 404 when absent',
  },
  pageConfig: {
    method: 'GET',
    path: '/cms/api/portal/cms/sys/get_system_page_config',
    access: 'public',
    answer: pageConfigSchema,
    summary: 'Site name, logos and the copyright line',
  },
  footer: {
    method: 'GET',
    path: '/cms/api/portal/cms/content/page/footer/get',
    access: 'public',
    answer: footerSchema,
    summary: 'The portal footer HTML',
  },
  banners: {
    method: 'POST',
    path: '/cms/api/portal/cms/site/query_by_site_position_code',
    access: 'public',
    body: bannerQueryBodySchema,
    answer: z.array(bannerSchema),
    summary: 'The banners of one position (web_index: the home carousel)',
  },
  priceIndices: {
    method: 'GET',
    path: '/cms/admin/content/price_index/getPriceIndexList',
    access: 'public',
    answer: z.array(priceIndexSchema),
    summary: 'The latest price index of each commodity with day, month and year comparisons',
  },
  enterprises: {
    method: 'GET',
    path: '/cms/admin/content/enterprise_info/getEnterpriseInfoList',
    access: 'public',
    query: enterpriseListQuerySchema,
    answer: enterprisePageSchema,
    summary: 'A page of member enterprises (the home list rotates through the pages)',
  },
  getEnterprise: {
    method: 'POST',
    path: '/cms/admin/content/enterprise_info/get',
    access: 'public',
    body: enterpriseGetBodySchema,
    answer: enterpriseSchema,
    summary: 'One enterprise with its rich-text introduction; 404 when absent',
  },
  aboutUs: {
    method: 'POST',
    path: '/cms/api/portal/cms/content/about_us/get',
    access: 'public',
    body: noBodySchema,
    answer: aboutUsSchema,
    summary: 'The about-the-platform text; null when not configured',
  },
  friendLinks: {
    method: 'POST',
    path: '/cms/api/portal/cms/content/friend_link/query',
    access: 'public',
    body: noBodySchema,
    answer: z.object({ rows: z.array(friendLinkSchema) }),
    summary: 'Partner logo links',
  },
} as const satisfies Record<string, Endpoint>;
