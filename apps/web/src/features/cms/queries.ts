import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticleSearchBody, Banner, PageConfig } from '@portal/contracts/cms';
import { HOME_BANNER_POSITION } from '@portal/contracts/cms-constants';
import { cmsRoutes as ep } from '@portal/contracts/routes/cms';
import { call } from '../../api/client';

/** Content changes rarely; a visitor moving between pages should not refetch it every time. */
const STALE = 5 * 60_000;

/** Answers requested before React rendered, each used once by the query that needs it. */
const early = new Map<string, Promise<unknown>>();

function takeEarly<T>(key: string): Promise<T> | undefined {
  const pending = early.get(key) as Promise<T> | undefined;
  early.delete(key);
  return pending;
}

function startEarly(key: string, request: () => Promise<unknown>): void {
  const pending = request();
  // A failure is reported by the query that takes this promise; unclaimed, it must not go unhandled.
  pending.catch(() => undefined);
  early.set(key, pending);
}

function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Starts the first-screen content calls of a portal page while the app is still booting, so the
 * top bar's logo and the home banners (the largest paint of /index) do not wait for the page's
 * code to load and render first.
 */
export function prefetchPortalContent(pathname: string): void {
  startEarly('pageConfig', () => call(ep.pageConfig));
  if (pathname === '/index') {
    startEarly(`banners:${HOME_BANNER_POSITION}`, async () => {
      const banners = await call(ep.banners, { body: { ad_position_code: HOME_BANNER_POSITION } });
      // The first banner is the largest paint of /index: its download starts now, not once the home
      // page's code has arrived and rendered its <img> (which then finds it in the cache).
      if (banners[0]) preloadImage(banners[0].adImageUrl);
      return banners;
    });
  }
}

export function usePageConfig() {
  return useQuery({
    queryKey: ['cms', 'pageConfig'],
    queryFn: () => takeEarly<PageConfig>('pageConfig') ?? call(ep.pageConfig),
    staleTime: STALE,
  });
}

export function useFooter() {
  return useQuery({ queryKey: ['cms', 'footer'], queryFn: () => call(ep.footer), staleTime: STALE });
}

export function useBanners(position: string = HOME_BANNER_POSITION) {
  return useQuery({
    queryKey: ['cms', 'banners', position],
    queryFn: () => takeEarly<Banner[]>(`banners:${position}`) ?? call(ep.banners, { body: { ad_position_code: position } }),
    staleTime: STALE,
  });
}

export function useNewsTypes() {
  return useQuery({ queryKey: ['cms', 'newsTypes'], queryFn: () => call(ep.newsTypes, { body: {} }), staleTime: STALE });
}

export function useArticles(body: ArticleSearchBody, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: ['cms', 'articles', body],
    queryFn: () => call(ep.searchArticles, { body }),
    staleTime: 60_000,
    // Paging keeps the old rows until the next page arrives; another column starts from a skeleton.
    placeholderData: (previous, previousQuery) =>
      options.keepPrevious && (previousQuery?.queryKey[2] as ArticleSearchBody | undefined)?.artical_sub_type === body.artical_sub_type
        ? previous
        : undefined,
  });
}

export function useArticle(id: string | null) {
  return useQuery({
    queryKey: ['cms', 'article', id],
    queryFn: () => call(ep.getArticle, { query: { news_id: id! } }),
    enabled: id !== null,
    staleTime: STALE,
    retry: false,
  });
}

export function usePriceIndices() {
  return useQuery({ queryKey: ['cms', 'priceIndices'], queryFn: () => call(ep.priceIndices), staleTime: 60_000 });
}

export function useEnterprises(pageNo: number, pageSize: number) {
  return useQuery({
    queryKey: ['cms', 'enterprises', pageNo, pageSize],
    queryFn: () => call(ep.enterprises, { query: { page_no: pageNo, page_size: pageSize } }),
    staleTime: STALE,
    placeholderData: keepPreviousData,
  });
}

export function useEnterprise(id: string | null) {
  return useQuery({
    queryKey: ['cms', 'enterprise', id],
    queryFn: () => call(ep.getEnterprise, { body: { id: id! } }),
    enabled: id !== null,
    staleTime: STALE,
    retry: false,
  });
}

export function useAboutUs() {
  return useQuery({ queryKey: ['cms', 'aboutUs'], queryFn: () => call(ep.aboutUs, { body: {} }), staleTime: STALE });
}

export function useFriendLinks() {
  return useQuery({ queryKey: ['cms', 'friendLinks'], queryFn: () => call(ep.friendLinks, { body: {} }), staleTime: STALE });
}

/** A record id from the address bar, or null when it is not one (no request is made for it). */
export function idParam(value: string | null): string | null {
  return value && /^[1-9]\d{0,11}$/.test(value) ? value : null;
}
