import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  HOME_TRADE_FIRST_LOAD,
  HOME_TRADE_PAGE_SIZE,
  HOME_TRADE_ROTATE_MS,
  SPACE_STATUSES,
  TENDER_STATES,
  TRUNCATE,
  auctionRowAction,
  enumLabel,
} from '@portal/contracts/constants';
import type { Lang } from '@portal/contracts/i18n';
import { useAuctionPage } from '../../features/auctions';
import { useTenderPage } from '../../features/tenders';
import { formatDate, truncate } from '../../shared/format';
import { EmptyState, LoadError } from '../../shared/query-state';
import { useLang } from '../../shared/use-lang';
import { HomeSection } from './section';
import './trade.css';

const TABS = ['tenders', 'auctions'] as const;
type Tab = (typeof TABS)[number];

const PRELOADED_PAGES = HOME_TRADE_FIRST_LOAD / HOME_TRADE_PAGE_SIZE;

/**
 * The page a rotating list shows: every 10 s the next page of 5, wrapping to page 1 after the last.
 * Rotation pauses while the pointer or focus is inside, so nobody loses the row they are reading.
 */
function useRotatingPage(total: number, paused: boolean): number {
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (paused || total <= HOME_TRADE_PAGE_SIZE) return;
    const timer = setInterval(() => setPage((p) => (p * HOME_TRADE_PAGE_SIZE >= total ? 1 : p + 1)), HOME_TRADE_ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, total]);
  return page;
}

type PageQuery<T> = { data?: { items: T[] }; isPending: boolean; error: unknown; refetch: () => unknown };

/** The first load fetched two pages' worth; later pages come one at a time. */
function rowsOf<T>(page: number, first: PageQuery<T>, later: PageQuery<T>) {
  const preloaded = page <= PRELOADED_PAGES;
  const source = preloaded ? first : later;
  const rows = preloaded
    ? (first.data?.items ?? []).slice((page - 1) * HOME_TRADE_PAGE_SIZE, page * HOME_TRADE_PAGE_SIZE)
    : (later.data?.items ?? []);
  return { rows, isPending: source.isPending, error: source.error, retry: () => void source.refetch() };
}

function TenderRows({ paused, lang }: { paused: boolean; lang: Lang }) {
  const { t } = useTranslation('trading');
  const first = useTenderPage({ pageNo: 1, pageSize: HOME_TRADE_FIRST_LOAD }, { keepPrevious: false });
  const page = useRotatingPage(first.data?.totalItem ?? 0, paused);
  const later = useTenderPage({ pageNo: page, pageSize: HOME_TRADE_PAGE_SIZE }, { keepPrevious: true, enabled: page > PRELOADED_PAGES });
  const { rows, isPending, error, retry } = rowsOf(page, first, later);
  if (isPending) return <div className="home-trade-placeholder" aria-busy />;
  if (error) return <LoadError error={error} onRetry={retry} compact />;
  if (rows.length === 0) return <EmptyState />;
  return (
    <table className="home-trade-table" data-testid="home-tenders" data-page={page}>
      <thead>
        <tr>
          <th scope="col">{t('home.tenderNo')}</th>
          <th scope="col">{t('home.tenderName')}</th>
          <th scope="col">{t('home.company')}</th>
          <th scope="col">{t('home.deadline')}</th>
          <th scope="col">{t('home.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className="tabular" title={row.tenderNo}>
              {truncate(row.tenderNo, TRUNCATE.tenderNo)}
            </td>
            <td title={row.tenderName}>
              <Link to={`/biddingTender?id=${row.id}`}>{truncate(row.tenderName, TRUNCATE.column)}</Link>
            </td>
            <td title={row.userName}>{truncate(row.userName, TRUNCATE.column)}</td>
            <td className="tabular">{formatDate(row.bidEndTime)}</td>
            {/* A state is the product's word: shown whole in every language ("Published", not "Publishe…"). */}
            <td>{enumLabel(TENDER_STATES, row.objState, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuctionRows({ paused, lang }: { paused: boolean; lang: Lang }) {
  const { t } = useTranslation('trading');
  const first = useAuctionPage({ pageNo: 1, pageSize: HOME_TRADE_FIRST_LOAD }, { keepPrevious: false });
  const page = useRotatingPage(first.data?.totalItem ?? 0, paused);
  const later = useAuctionPage({ pageNo: page, pageSize: HOME_TRADE_PAGE_SIZE }, { keepPrevious: true, enabled: page > PRELOADED_PAGES });
  const { rows, isPending, error, retry } = rowsOf(page, first, later);
  if (isPending) return <div className="home-trade-placeholder" aria-busy />;
  if (error) return <LoadError error={error} onRetry={retry} compact />;
  if (rows.length === 0) return <EmptyState />;
  return (
    <table className="home-trade-table" data-testid="home-auctions" data-page={page}>
      <thead>
        <tr>
          <th scope="col">{t('home.spaceName')}</th>
          <th scope="col">{t('home.company')}</th>
          <th scope="col">{t('home.begin')}</th>
          <th scope="col">{t('home.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.spaceId}>
            <td title={row.spaceName}>
              <Link to={`/auctionBuyerDetail?openType=${auctionRowAction(row.spaceStatus) === 'auction' ? 1 : 2}&spaceId=${row.spaceId}`}>
                {truncate(row.spaceName, TRUNCATE.column)}
              </Link>
            </td>
            <td title={row.spaceInfoUser}>{truncate(row.spaceInfoUser, TRUNCATE.column)}</td>
            <td className="tabular">{formatDate(row.auctionBeginTime)}</td>
            <td>{enumLabel(SPACE_STATUSES, row.spaceStatus, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The home page's tender and auction tabs: 5 rows a page, turning to the next page every 10 s. */
export function TradeTabs() {
  const { t } = useTranslation('trading');
  const lang = useLang();
  const [active, setActive] = useState<Tab>('tenders');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (TABS.indexOf(active) + step + TABS.length) % TABS.length;
    setActive(TABS[next]!);
    tabRefs.current[next]?.focus();
  };
  const paused = hovered || focused;
  return (
    <HomeSection
      title={t('home.trade')}
      className="home-trade"
      moreTo={active === 'tenders' ? '/biddingTender' : '/auctionCenter'}
      moreLabel={t('home.more')}
      moreAriaLabel={t('home.moreOf', { name: t(`home.${active}`) })}
    >
      <div
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div role="tablist" aria-label={t('home.trade')} className="home-tabs" onKeyDown={onKeyDown}>
          {TABS.map((tab, i) => (
            <button
              key={tab}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`trade-tab-${tab}`}
              aria-selected={tab === active}
              aria-controls={`trade-panel-${tab}`}
              tabIndex={tab === active ? 0 : -1}
              className={tab === active ? 'home-tab is-active' : 'home-tab'}
              onClick={() => setActive(tab)}
            >
              {t(`home.${tab}`)}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`trade-panel-${active}`}
          aria-labelledby={`trade-tab-${active}`}
          aria-live="off"
          className="home-trade-panel"
        >
          {active === 'tenders' ? <TenderRows paused={paused} lang={lang} /> : <AuctionRows paused={paused} lang={lang} />}
        </div>
      </div>
    </HomeSection>
  );
}
