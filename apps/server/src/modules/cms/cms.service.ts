import { DEFAULT_SITE_NAME } from '@portal/contracts/cms-constants';
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
import { plainText, safeUrl, sanitizeRichText } from '../../platform/rich-text';

/** Codes of the single documents in cms_pages. */
export const PAGE_CODES = { aboutUs: 'about_us', footer: 'footer', pageConfig: 'page_config' } as const;

const DEFAULT_PAGE_CONFIG: PageConfig = {
  siteName: DEFAULT_SITE_NAME,
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
        source: 'operator' as const,
        varietyCode: '',
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
