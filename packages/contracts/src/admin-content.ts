import { z } from 'zod';
import { inputString, longText, requiredText, text } from './validation';
import { CURRENCIES } from './constants';
import type { Endpoint } from './endpoint';
import { defineResource, resourceAction } from './resource';

/** Back-office content management: uploads, the portal's content and its trading reference data. */

// Uploads

/** What the back office accepts as an upload: raster images only (an SVG can carry script). */
export const UPLOAD_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
} as const;
/** Base64 is four characters per three bytes. */
const BASE64_MAX = Math.ceil(UPLOAD_LIMITS.maxBytes / 3) * 4;
/** The body limit of the upload endpoint: the base64 text plus room for the other fields. */
export const UPLOAD_BODY_LIMIT = BASE64_MAX + 64 * 1024;

export const uploadBodySchema = z.strictObject({
  name: requiredText(200),
  /** The type the browser claims; the server checks the bytes agree. */
  contentType: z.enum(UPLOAD_LIMITS.types),
  /** The file's bytes in base64 (no `data:` prefix). */
  data: inputString()
    .min(1, { message: 'required' })
    .max(BASE64_MAX, { message: 'tooLong' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'invalidFormat' }),
});
export type UploadBody = z.infer<typeof uploadBodySchema>;

export const uploadedFileSchema = z.object({
  fileId: z.string(),
  /** Where the file is served: `/file/download?fileId=...`. */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadEndpoints = {
  upload: {
    method: 'POST',
    path: '/omc/api/admin/files/upload',
    access: { permission: 'file:upload' },
    body: uploadBodySchema,
    answer: uploadedFileSchema,
    summary: 'Store an image (PNG, JPEG, GIF, WebP up to 2 MiB); served by GET /file/download',
  },
} as const satisfies Record<string, Endpoint>;

// The portal's content

/** A site path or an http(s) address (what links and images may point at); empty for none. */
const address = (max = 500) =>
  text(max)
    .regex(/^(|\/(?!\/)\S*|https?:\/\/\S+)$/, { message: 'invalidFormat' })
    .optional();
/** An image field: where an uploaded image is served, or an http(s) address. */
const imageAddress = address;
const sortSchema = z.number().int().min(0, { message: 'tooSmall' }).max(9999, { message: 'tooBig' }).default(0);
const codeSchema = requiredText(40).regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: 'invalidFormat' });
/** Rich text as the editor sends it; sanitised on the server before it is stored. */
const richText = longText;
const isoDateTime = inputString().pipe(z.iso.datetime({ offset: true, message: 'invalidFormat' }));
const isoDate = inputString().pipe(z.iso.date({ message: 'invalidFormat' }));

// News types

export const newsTypeRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  /** Offered as a column of the portal's news list (the help centre's type is not). */
  inNewsList: z.boolean(),
  articleCount: z.number().int(),
});
export type NewsTypeRow = z.infer<typeof newsTypeRowSchema>;

const newsTypeFields = { name: requiredText(100), sort: sortSchema, inNewsList: z.boolean().default(true) };
export const newsTypesResource = defineResource({
  name: 'news-types',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: newsTypeRowSchema,
  filters: z.object({}),
  create: z.strictObject({ code: codeSchema, ...newsTypeFields }),
  update: z.object(newsTypeFields),
});

// Articles (news, notices, help)

export const ARTICLE_LIMITS = { titleMax: 200, remarkMax: 500, htmlMax: 200_000 } as const;

export const articleRowSchema = z.object({
  id: z.string(),
  subType: z.string(),
  subTypeName: z.string(),
  title: z.string(),
  remark: z.string(),
  /** Sanitised HTML. */
  html: z.string(),
  /** ISO date-time of publication. */
  publishDate: z.string(),
  coverUrl: z.string(),
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type ArticleRow = z.infer<typeof articleRowSchema>;

const articleFields = {
  subType: codeSchema,
  title: requiredText(ARTICLE_LIMITS.titleMax),
  /** A summary; when empty the start of the text is used. */
  remark: text(ARTICLE_LIMITS.remarkMax).optional(),
  html: richText(ARTICLE_LIMITS.htmlMax).refine((v) => v.trim().length > 0, { message: 'required' }),
  publishDate: isoDateTime,
  coverUrl: imageAddress(),
  sort: sortSchema,
};
export const articlesResource = defineResource({
  name: 'articles',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: articleRowSchema,
  filters: z.object({
    keyword: text(60).optional(),
    subType: text(40).optional(),
    /** The types a page manages (news, notices, help); any of them. */
    subTypes: z.array(text(40)).max(20, { message: 'tooLong' }).optional(),
  }),
  create: z.strictObject(articleFields),
  update: z.object(articleFields),
});

// Banners

export const bannerRowSchema = z.object({
  id: z.string(),
  positionCode: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  url: z.string(),
  hyperlink: z.string(),
  adType: z.string(),
  attachment: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type BannerRow = z.infer<typeof bannerRowSchema>;

/** '1' opens `url` inside the portal, '2' the outside `hyperlink`, '3' an attachment. */
export const BANNER_AD_TYPES = ['1', '2', '3'] as const;
const bannerFields = {
  positionCode: codeSchema,
  title: requiredText(200),
  imageUrl: text(500)
    .min(1, { message: 'required' })
    .regex(/^(\/(?!\/)\S*|https?:\/\/\S+)$/, { message: 'invalidFormat' }),
  url: address(),
  hyperlink: address(),
  adType: z.enum(BANNER_AD_TYPES).default('1'),
  /** JSON text holding an id, e.g. {"id":"12"}, or empty. */
  attachment: text(500).optional(),
  sort: sortSchema,
  enabled: z.boolean().default(true),
};
export const bannersResource = defineResource({
  name: 'banners',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: bannerRowSchema,
  filters: z.object({ positionCode: text(40).optional(), keyword: text(60).optional() }),
  create: z.strictObject(bannerFields),
  update: z.object(bannerFields),
});

// Friend links

export const friendLinkRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  logo: z.string(),
  sort: z.number().int(),
});
export type FriendLinkRow = z.infer<typeof friendLinkRowSchema>;
const friendLinkFields = {
  name: requiredText(100),
  url: text(500)
    .min(1, { message: 'required' })
    .regex(/^(\/(?!\/)\S*|https?:\/\/\S+)$/, { message: 'invalidFormat' }),
  logo: imageAddress(),
  sort: sortSchema,
};
export const friendLinksResource = defineResource({
  name: 'friend-links',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: friendLinkRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject(friendLinkFields),
  update: z.object(friendLinkFields),
});

// Enterprises

export const enterpriseRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string(),
  mainBusiness: z.string(),
  /** Sanitised HTML. */
  html: z.string(),
  sort: z.number().int(),
  createdAt: z.string(),
});
export type EnterpriseRow = z.infer<typeof enterpriseRowSchema>;
const enterpriseFields = {
  name: requiredText(100),
  logo: imageAddress(),
  mainBusiness: text(500).optional(),
  html: richText(ARTICLE_LIMITS.htmlMax),
  sort: sortSchema,
};
export const enterprisesResource = defineResource({
  name: 'enterprises',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: enterpriseRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject(enterpriseFields),
  update: z.object(enterpriseFields),
});

// Price indices

export const priceIndexRowSchema = z.object({
  id: z.string(),
  goodsName: z.string(),
  /** The index, two decimals. */
  priceIndex: z.number(),
  /** YYYY-MM-DD. */
  indexDate: z.string(),
  /** Changes in percent, two decimals; negative is down. */
  dayChange: z.number(),
  monthChange: z.number(),
  yearChange: z.number(),
  sort: z.number().int(),
});
export type PriceIndexRow = z.infer<typeof priceIndexRowSchema>;
const percent = z.number().min(-1000, { message: 'tooSmall' }).max(1000, { message: 'tooBig' });
const priceIndexFields = {
  goodsName: requiredText(100),
  priceIndex: z.number().min(0, { message: 'tooSmall' }).max(10_000_000, { message: 'tooBig' }),
  indexDate: isoDate,
  dayChange: percent.default(0),
  monthChange: percent.default(0),
  yearChange: percent.default(0),
  sort: sortSchema,
};
export const priceIndicesResource = defineResource({
  name: 'price-indices',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: priceIndexRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject(priceIndexFields),
  update: z.object(priceIndexFields),
});

// Agreements (shown at registration)

export const AGREEMENT_KINDS = ['register', 'privacy'] as const;
export const agreementRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  /** Plain text; paragraphs separated by blank lines. */
  body: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AgreementRow = z.infer<typeof agreementRowSchema>;
const agreementFields = {
  kind: z.enum(AGREEMENT_KINDS),
  title: requiredText(100),
  body: inputString().trim().min(1, { message: 'required' }).max(100_000, { message: 'tooLong' }),
  sort: sortSchema,
  enabled: z.boolean().default(true),
};
export const agreementsResource = defineResource({
  name: 'agreements',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: agreementRowSchema,
  filters: z.object({}),
  create: z.strictObject(agreementFields),
  update: z.object(agreementFields),
});

// Single documents: about-us, footer, page config

export const sitePagesSchema = z.object({
  aboutUs: z.object({ html: z.string(), logoImageUrl: z.string() }),
  footer: z.object({ html: z.string() }),
  pageConfig: z.object({
    siteName: z.string(),
    menuLogo: z.string(),
    copyright: z.string(),
    icp: z.string(),
    servicePhone: z.string(),
    serviceEmail: z.string(),
  }),
});
export type SitePages = z.infer<typeof sitePagesSchema>;

export const aboutUsBodySchema = z.strictObject({ html: richText(ARTICLE_LIMITS.htmlMax), logoImageUrl: imageAddress() });
export const footerBodySchema = z.strictObject({ html: richText(20_000) });
export const pageConfigBodySchema = z.strictObject({
  siteName: requiredText(50),
  menuLogo: imageAddress(),
  copyright: text(200).optional(),
  icp: text(100).optional(),
  servicePhone: text(40)
    .regex(/^[0-9+\-\s()]*$/, { message: 'invalidFormat' })
    .optional(),
  serviceEmail: text(100)
    .regex(/^(|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})$/, { message: 'invalidFormat' })
    .optional(),
});

export const sitePageEndpoints = {
  get: resourceAction(
    'site-pages',
    'get',
    'content:view',
    z.strictObject({}).optional(),
    sitePagesSchema,
    'About-us, footer and page config',
  ),
  saveAboutUs: resourceAction(
    'site-pages',
    'about-us',
    'content:edit',
    aboutUsBodySchema,
    sitePagesSchema,
    'Save the about-us text (sanitised)',
  ),
  saveFooter: resourceAction(
    'site-pages',
    'footer',
    'content:edit',
    footerBodySchema,
    sitePagesSchema,
    'Save the portal footer (sanitised)',
  ),
  savePageConfig: resourceAction(
    'site-pages',
    'page-config',
    'content:edit',
    pageConfigBodySchema,
    sitePagesSchema,
    'Save the site name, logo and footer lines',
  ),
};

// Portal data: recommended shops, varieties, markets

export const recommendedShopRowSchema = z.object({
  /** The seller's user id (a shop is keyed by it). */
  id: z.string(),
  companyName: z.string(),
  logoUrl: z.string(),
  mainBusiness: z.string(),
  sort: z.number().int(),
});
export type RecommendedShopRow = z.infer<typeof recommendedShopRowSchema>;
export const recommendedShopsResource = defineResource({
  name: 'recommended-shops',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: recommendedShopRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  /** Recommends an existing shop. */
  create: z.strictObject({ shopId: requiredText(12).regex(/^\d+$/, { message: 'invalidFormat' }), sort: sortSchema }),
  update: z.object({ sort: sortSchema }),
});
export const shopOptionsEndpoint = resourceAction(
  'recommended-shops',
  'options',
  'content:view',
  z.strictObject({}).optional(),
  z.array(z.object({ id: z.string(), companyName: z.string() })),
  'Shops not yet recommended',
);

export const VARIETY_LEVELS = 3;
export const varietyRowSchema = z.object({
  /** The variety code. */
  id: z.string(),
  code: z.string(),
  /** The parent's code, '' at the top level. */
  parCode: z.string(),
  shortName: z.string(),
  level: z.number().int(),
  unit: z.string(),
  sort: z.number().int(),
  childCount: z.number().int(),
});
export type VarietyRow = z.infer<typeof varietyRowSchema>;
const varietyFields = { shortName: requiredText(60), unit: requiredText(20), sort: sortSchema };
export const varietiesResource = defineResource({
  name: 'varieties',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: varietyRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject({
    code: requiredText(32).regex(/^[A-Za-z0-9_-]+$/, { message: 'invalidFormat' }),
    parCode: text(32).default(''),
    ...varietyFields,
  }),
  update: z.object(varietyFields),
});

export const marketRowSchema = z.object({
  id: z.string(),
  marketId: z.string(),
  marketNameZh: z.string(),
  objMode: z.number().int(),
  currency: z.string(),
  sort: z.number().int(),
});
export type MarketRow = z.infer<typeof marketRowSchema>;
const marketFields = {
  marketNameZh: requiredText(100),
  /** The trading mode the market serves (1 listing, 3 auction, 7 cross-border listing ...). */
  objMode: z.number().int().min(0, { message: 'tooSmall' }).max(99, { message: 'tooBig' }),
  currency: z.enum(CURRENCIES),
  sort: sortSchema,
};
export const marketsResource = defineResource({
  name: 'markets',
  permission: { view: 'content:view', edit: 'content:edit' },
  row: marketRowSchema,
  filters: z.object({ keyword: text(60).optional() }),
  create: z.strictObject({ marketId: requiredText(32).regex(/^[A-Za-z0-9_-]+$/, { message: 'invalidFormat' }), ...marketFields }),
  update: z.object(marketFields),
});
