import sanitizeHtml from 'sanitize-html';
import {
  pageConfigSchema,
  type AboutUs,
  type Article,
  type ArticlePage,
  type Banner,
  type Enterprise,
  type EnterprisePage,
  type Footer,
  type FriendLink,
  type NewsType,
  type PageConfig,
  type PriceIndex,
} from '@portal/contracts/cms';
import { AppError } from '../../platform/errors';
import type { CmsRepo } from './cms.repo';
import { isSitePath } from '@portal/contracts/site-path';

/** Codes of the single documents in cms_pages. */
export const PAGE_CODES = { aboutUs: 'about_us', footer: 'footer', pageConfig: 'page_config' } as const;

/**
 * Drops a link or image address without a scheme unless it is a path on this site (isSitePath):
 * browsers read a slash and a backslash, two backslashes, or slashes around a tab as the start of
 * another host. Addresses with a scheme are checked against
 * the allowed schemes by sanitize-html itself.
 */
function withSiteAddress(attribs: Record<string, string>, name: 'href' | 'src'): Record<string, string> {
  const value = attribs[name];
  if (value === undefined || /^[a-z][a-z0-9+.-]*:/i.test(value) || isSitePath(value)) return attribs;
  const kept = { ...attribs };
  delete kept[name];
  return kept;
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'span',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    ol: ['start', 'type'],
    '*': ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new window must not hand that window a reference back to the portal.
    a: (tagName, attribs) => {
      const kept: Record<string, string> = { ...withSiteAddress(attribs, 'href') };
      delete kept.rel;
      delete kept.target;
      return { tagName, attribs: attribs.target === '_blank' ? { ...kept, target: '_blank', rel: 'noopener noreferrer' } : kept };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...withSiteAddress(attribs, 'src'), loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/**
 * The one way rich text (articles, enterprise introductions, about-us, help, footer) enters the
 * database: scripts, event handlers, styles and javascript: URLs are removed; what remains is a
 * fixed set of formatting tags.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

/** Plain text of a fragment of HTML, for summaries: its paragraphs when it has any, else all of it. */
export function plainText(html: string, max = 120): string {
  const paragraphs = html.match(/<p[\s>][\s\S]*?<\/p>/gi);
  const source = (paragraphs ?? [html]).join(' ').replace(/<\/(p|h\d|li|td|th|dd|dt|div)>/gi, ' ');
  const text = sanitizeHtml(source, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A link or image address kept only when it is a site path or an http(s) URL. */
export function safeUrl(url: string): string {
  const value = url.trim();
  if (isSitePath(value)) return value;
  return /^https?:\/\//i.test(value) ? value : '';
}

const DEFAULT_PAGE_CONFIG: PageConfig = {
  siteName: '大宗商品交易平台',
  pageLogo: { menuLogo: '' },
  copyright: '',
  icp: '',
  servicePhone: '',
  serviceEmail: '',
};

/** Integer hundredths to a number with two decimals. */
const hundredths = (value: number) => Math.round(value) / 100;

interface CmsDeps {
  repo: CmsRepo;
  now: () => Date;
}

export interface ArticleInput {
  subType: string;
  title: string;
  remark?: string;
  html: string;
  publishDate: string;
  sort?: number;
}

export interface EnterpriseInput {
  name: string;
  logo: string;
  mainBusiness: string;
  html: string;
  sort?: number;
}

/** The portal's content: reading for visitors, and writing (always through the sanitiser). */
export function createCmsService({ repo, now }: CmsDeps) {
  async function newsListTypes(): Promise<string[]> {
    return (await repo.newsTypes(true)).map((t) => t.code);
  }

  return {
    async newsTypes(): Promise<{ rows: NewsType[] }> {
      const rows = await repo.newsTypes(true);
      return { rows: rows.map((t) => ({ dictValue: t.code, dictText: t.name })) };
    },

    async searchArticles(q: { page_no: number; page_size: number; artical_sub_type?: string | undefined }): Promise<ArticlePage> {
      const types = q.artical_sub_type ? [q.artical_sub_type] : await newsListTypes();
      if (types.length === 0) return { rows: [], total: 0 };
      const [rows, total] = await Promise.all([
        repo.articlePage(types, (q.page_no - 1) * q.page_size, q.page_size),
        repo.countArticles(types),
      ]);
      return {
        total,
        rows: rows.map((r) => ({
          id: String(r.id),
          articleName: r.title,
          articleRemark: r.remark,
          publishDate: r.publish_date,
          articalSubType: r.sub_type,
          articalSubTypeName: r.sub_type_name,
        })),
      };
    },

    async getArticle(id: number): Promise<Article> {
      const r = await repo.findArticle(id);
      if (!r) throw new AppError('NOT_FOUND');
      return {
        id: String(r.id),
        articleName: r.title,
        articleRemark: r.remark,
        publishDate: r.publish_date,
        articalSubType: r.sub_type,
        articalSubTypeName: r.sub_type_name,
        articleText: r.body_html,
      };
    },

    async pageConfig(): Promise<PageConfig> {
      const row = await repo.findPage(PAGE_CODES.pageConfig);
      if (!row) return DEFAULT_PAGE_CONFIG;
      let stored: unknown;
      try {
        stored = JSON.parse(row.content);
      } catch {
        return DEFAULT_PAGE_CONFIG;
      }
      const parsed = pageConfigSchema.partial().safeParse(stored);
      return parsed.success ? { ...DEFAULT_PAGE_CONFIG, ...parsed.data } : DEFAULT_PAGE_CONFIG;
    },

    async footer(): Promise<Footer> {
      const row = await repo.findPage(PAGE_CODES.footer);
      return { footerText: row?.content ?? '' };
    },

    async banners(positionCode: string): Promise<Banner[]> {
      const rows = await repo.banners(positionCode);
      return rows.map((b) => ({
        adImageUrl: b.image_url,
        url: b.url,
        adHyperlinks: b.hyperlink,
        adType: b.ad_type,
        adAttachment: b.attachment,
        adTitle: b.title,
      }));
    },

    async priceIndices(): Promise<PriceIndex[]> {
      const rows = await repo.latestPriceIndices();
      return rows.map((p) => ({
        goodsName: p.goods_name,
        priceIndex: hundredths(p.index_value),
        indexDate: p.index_date,
        comparedWithYesterday: hundredths(p.day_change_bp),
        comparedWithLastMonth: hundredths(p.month_change_bp),
        yearOnYear: hundredths(p.year_change_bp),
      }));
    },

    async enterprises(q: { page_no: number; page_size: number }): Promise<EnterprisePage> {
      const [rows, total] = await Promise.all([repo.enterprisePage((q.page_no - 1) * q.page_size, q.page_size), repo.countEnterprises()]);
      return {
        total,
        rows: rows.map((e) => ({ id: String(e.id), logo: e.logo, enterpriseName: e.name, mainBusiness: e.main_business })),
      };
    },

    async getEnterprise(id: number): Promise<Enterprise> {
      const e = await repo.findEnterprise(id);
      if (!e) throw new AppError('NOT_FOUND');
      return {
        id: String(e.id),
        logo: e.logo,
        enterpriseName: e.name,
        mainBusiness: e.main_business,
        enterpriseIntroduce: e.introduce_html,
      };
    },

    async aboutUs(): Promise<AboutUs> {
      const row = await repo.findPage(PAGE_CODES.aboutUs);
      if (!row || !row.content.trim()) return null;
      return { logoImageUrl: row.image_url, articleText: row.content };
    },

    async friendLinks(): Promise<{ rows: FriendLink[] }> {
      const rows = await repo.friendLinks();
      return { rows: rows.map((l) => ({ id: String(l.id), name: l.name, url: l.url, logo: l.logo })) };
    },

    // Writing: every rich-text field passes sanitizeRichText, every address safeUrl.

    async addNewsType(input: { code: string; name: string; sort: number; inNewsList: boolean }): Promise<void> {
      await repo.insertNewsType({ code: input.code, name: input.name, sort: input.sort, in_news_list: input.inNewsList ? 1 : 0 });
    },

    async saveArticle(input: ArticleInput): Promise<number> {
      const html = sanitizeRichText(input.html);
      const at = now().toISOString();
      return repo.insertArticle({
        sub_type: input.subType,
        title: input.title.trim(),
        remark: input.remark?.trim() || plainText(html),
        body_html: html,
        publish_date: input.publishDate,
        sort: input.sort ?? 0,
        created_at: at,
        updated_at: at,
      });
    },

    async saveEnterprise(input: EnterpriseInput): Promise<number> {
      return repo.insertEnterprise({
        name: input.name.trim(),
        logo: safeUrl(input.logo),
        main_business: input.mainBusiness.trim(),
        introduce_html: sanitizeRichText(input.html),
        sort: input.sort ?? 0,
        created_at: now().toISOString(),
      });
    },

    async saveBanner(input: {
      positionCode: string;
      title: string;
      imageUrl: string;
      url?: string;
      hyperlink?: string;
      adType?: string;
      attachment?: string;
      sort: number;
    }): Promise<void> {
      await repo.insertBanner({
        position_code: input.positionCode,
        title: input.title,
        image_url: safeUrl(input.imageUrl),
        url: safeUrl(input.url ?? ''),
        hyperlink: safeUrl(input.hyperlink ?? ''),
        ad_type: input.adType ?? '1',
        attachment: input.attachment ?? '',
        sort: input.sort,
      });
    },

    async saveFriendLink(input: { name: string; url: string; logo: string; sort: number }): Promise<void> {
      await repo.insertFriendLink({ name: input.name, url: safeUrl(input.url), logo: safeUrl(input.logo), sort: input.sort });
    },

    async savePriceIndex(input: {
      goodsName: string;
      priceIndex: number;
      indexDate: string;
      dayChange: number;
      monthChange: number;
      yearChange: number;
      sort: number;
    }): Promise<void> {
      await repo.insertPriceIndex({
        goods_name: input.goodsName,
        index_value: Math.round(input.priceIndex * 100),
        index_date: input.indexDate,
        day_change_bp: Math.round(input.dayChange * 100),
        month_change_bp: Math.round(input.monthChange * 100),
        year_change_bp: Math.round(input.yearChange * 100),
        sort: input.sort,
      });
    },

    async saveAboutUs(input: { html: string; logoImageUrl: string }): Promise<void> {
      await repo.upsertPage({
        code: PAGE_CODES.aboutUs,
        content: sanitizeRichText(input.html),
        image_url: safeUrl(input.logoImageUrl),
        updated_at: now().toISOString(),
      });
    },

    async saveFooter(html: string): Promise<void> {
      await repo.upsertPage({ code: PAGE_CODES.footer, content: sanitizeRichText(html), image_url: '', updated_at: now().toISOString() });
    },

    async savePageConfig(config: PageConfig): Promise<void> {
      const clean = pageConfigSchema.parse({ ...config, pageLogo: { menuLogo: safeUrl(config.pageLogo.menuLogo) } });
      await repo.upsertPage({
        code: PAGE_CODES.pageConfig,
        content: JSON.stringify(clean),
        image_url: '',
        updated_at: now().toISOString(),
      });
    },
  };
}
export type CmsService = ReturnType<typeof createCmsService>;
