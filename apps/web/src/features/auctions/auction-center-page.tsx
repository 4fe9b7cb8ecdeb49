import { useState } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuctionSearchBody, AuctionSpace } from '@portal/contracts/auctions';
import {
  AUCTION_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  PAYMENT_TYPES,
  PUBLIC_SPACE_STATUSES,
  SPACE_STATUSES,
  auctionRowAction,
  enumLabel,
} from '@portal/contracts/constants';
import {
  AUCTION_MODES,
  AUCTION_MODE_VALUES,
  AUCTION_SIDES,
  TRADE_STATUSES,
  TRADE_STATUS_VALUES,
  auctionSide,
  nextAuctionSort,
  type SortDirection,
} from '@portal/contracts/trade-constants';
import type { Localized } from '@portal/contracts/i18n';
import { formatDateTime, formatPrice, formatQuantity } from '../../shared/format';
import { EmptyState, LoadError } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { auctionHref } from './labels';
import { useAuctionPage } from './queries';
import './auctions.css';

type Filters = { spaceStatus?: number; spaceAuctionMode?: number; tradeStatus?: number };
type Sorts = { timeSort: SortDirection | ''; priceSort: SortDirection | '' };

function FilterGroup({
  id,
  label,
  values,
  labels,
  value,
  onChange,
}: {
  id: string;
  label: string;
  values: readonly number[];
  labels: Record<number, string>;
  value?: number;
  onChange: (v?: number) => void;
}) {
  const { t } = useTranslation(['trading', 'browse']);
  const options: { value?: number; label: string }[] = [
    { value: undefined, label: t('auction.all') },
    ...values.map((v) => ({ value: v, label: labels[v] ?? String(v) })),
  ];
  return (
    <div className="filter-row" role="group" aria-labelledby={id}>
      <span id={id} className="filter-label">
        {label}
      </span>
      <div className="filter-tags">
        {options.map((o) => (
          <button
            key={o.value ?? 'all'}
            type="button"
            className={value === o.value ? 'filter-tag is-checked' : 'filter-tag'}
            aria-pressed={value === o.value}
            // One value per group; choosing the chosen value again clears the group.
            onClick={() => onChange(o.value === undefined || o.value === value ? undefined : o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

function SortHeader({ label, value, onClick }: { label: string; value: SortDirection | ''; onClick: () => void }) {
  const { t } = useTranslation(['trading', 'browse']);
  return (
    <button
      type="button"
      className={value ? 'sort-button is-active' : 'sort-button'}
      aria-pressed={Boolean(value)}
      title={t('auction.sortHint')}
      aria-label={value ? `${label} ${value === 'ASC' ? t('listing.ascending') : t('listing.descending')}` : label}
      data-sort={value}
      onClick={onClick}
    >
      {label}
      <span className="sort-arrows" aria-hidden>
        <ArrowUpOutlined className={value === 'ASC' ? 'is-on' : ''} />
        <ArrowDownOutlined className={value === 'DESC' ? 'is-on' : ''} />
      </span>
    </button>
  );
}

function AuctionRow({ space }: { space: AuctionSpace }) {
  const { t } = useTranslation(['trading', 'browse']);
  const lang = useLang();
  const lead = space.itemList[0];
  const side = auctionSide(space.spaceAuctionMode);
  const action = auctionRowAction(space.spaceStatus);
  return (
    <article className="auction-row" data-testid="auction-row" data-status={space.spaceStatus}>
      <div className="auction-row-media">{lead?.img1 ? <img src={lead.img1} alt="" width={150} height={100} loading="lazy" /> : null}</div>
      <div className="auction-row-main">
        <h3 className="auction-row-title">
          <Link to={auctionHref(space.spaceId, action, space.spaceStatus)}>{space.spaceName}</Link>
        </h3>
        <div className="trade-tags">
          <span className={side === 'buy' ? 'trade-tag trade-tag-buy' : 'trade-tag trade-tag-sell'} data-testid="auction-side">
            {enumLabel(AUCTION_SIDES, side, lang)}
          </span>
          <span className="trade-tag">{enumLabel(AUCTION_MODES, space.spaceAuctionMode, lang)}</span>
          <span className={space.spaceStatus === 4 ? 'trade-tag trade-tag-live' : 'trade-tag'} data-testid="auction-status">
            {enumLabel(SPACE_STATUSES, space.spaceStatus, lang)}
          </span>
          <span className="trade-tag">{enumLabel(TRADE_STATUSES, space.tradeStatus, lang)}</span>
        </div>
        <dl className="auction-row-terms">
          <div>
            <dt>{t('auction.publisher')}</dt>
            <dd>{space.spaceInfoUser}</dd>
          </div>
          <div>
            <dt>{t('auction.time')}</dt>
            <dd className="tabular" data-testid="auction-begin" data-value={space.auctionBeginTime}>
              {formatDateTime(space.auctionBeginTime)} ~ {formatDateTime(space.auctionEndTime).slice(11)}
            </dd>
          </div>
          <div>
            <dt>{t('auction.category')}</dt>
            <dd>
              {space.name} · {t('auction.pieces', { count: space.itemList.length })}
            </dd>
          </div>
          {lead ? (
            <div>
              <dt>{t('auction.totalWeight')}</dt>
              <dd className="tabular">
                {formatQuantity(lead.totalWeight, lead.statUnit)} · {enumLabel(PAYMENT_TYPES, lead.paymentType, lang)}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="auction-row-side">
        <span className="auction-row-price-label">{t('auction.basePrice')}</span>
        <strong className="auction-row-price tabular" data-testid="auction-price" data-value={lead?.basePrice ?? ''}>
          {lead ? formatPrice(lead.basePrice, { currency: lead.currency, hidden: lead.openBasePrice !== 1 }) : '-'}
        </strong>
        <Link
          to={auctionHref(space.spaceId, action, space.spaceStatus)}
          className={action === 'auction' ? 'trade-link-button' : 'auction-view-button'}
          data-testid="auction-action"
        >
          {action === 'auction' ? t('auction.goAuction') : t('auction.view')}
        </Link>
      </div>
    </article>
  );
}

/**
 * /auctionCenter: approved, auctioning and dealt spaces (statuses 2, 4, 7, 8) with their pieces,
 * filters and the time and price sorts that cycle empty -> DESC -> ASC -> DESC.
 */
export function AuctionCenterPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const lang = useLang();
  useDocumentTitle(t('titles.auctionCenter'));
  const [filters, setFilters] = useState<Filters>({});
  const [sorts, setSorts] = useState<Sorts>({ timeSort: '', priceSort: '' });
  const [page, setPage] = useState({ pageNo: 1, pageSize: AUCTION_PAGE_SIZE });
  const body: AuctionSearchBody = { ...page, ...filters };
  if (sorts.timeSort) body.timeSort = sorts.timeSort;
  if (sorts.priceSort) body.priceSort = sorts.priceSort;
  const query = useAuctionPage(body);
  const labels = (table: Record<number, Localized>) =>
    Object.fromEntries(Object.keys(table).map((k) => [Number(k), enumLabel(table, Number(k), lang)])) as Record<number, string>;
  const setFilter = (change: Filters) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  // One sort at a time: the other header goes back to empty.
  const cycle = (key: keyof Sorts) => {
    setSorts((s) => ({ timeSort: '', priceSort: '', [key]: nextAuctionSort(s[key]) }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  return (
    <div className="portal-container trade-page auction-page">
      <h1 className="trade-page-title">{t('titles.auctionCenter')}</h1>
      <section className="trade-panel" aria-label={t('listing.filters')}>
        <FilterGroup
          id="auction-status"
          label={t('auction.status')}
          values={PUBLIC_SPACE_STATUSES}
          labels={labels(SPACE_STATUSES)}
          value={filters.spaceStatus}
          onChange={(v) => setFilter({ spaceStatus: v })}
        />
        <FilterGroup
          id="auction-mode"
          label={t('auction.mode')}
          values={AUCTION_MODE_VALUES}
          labels={labels(AUCTION_MODES)}
          value={filters.spaceAuctionMode}
          onChange={(v) => setFilter({ spaceAuctionMode: v })}
        />
        <FilterGroup
          id="auction-trade"
          label={t('auction.tradeStatus')}
          values={TRADE_STATUS_VALUES}
          labels={labels(TRADE_STATUSES)}
          value={filters.tradeStatus}
          onChange={(v) => setFilter({ tradeStatus: v })}
        />
      </section>
      <section aria-label={t('auction.list')} aria-busy={query.isFetching}>
        <div className="trade-toolbar">
          <span className="trade-toolbar-label">{t('listing.sortBy')}</span>
          <SortHeader label={t('auction.sortTime')} value={sorts.timeSort} onClick={() => cycle('timeSort')} />
          <SortHeader label={t('auction.sortPrice')} value={sorts.priceSort} onClick={() => cycle('priceSort')} />
          {query.data ? (
            <span className="trade-toolbar-total" data-testid="auction-total" data-value={query.data.totalItem}>
              {t('auction.total', { count: query.data.totalItem })}
            </span>
          ) : null}
        </div>
        {query.isPending ? (
          <div className="trade-panel">
            <Skeleton active avatar paragraph={{ rows: 6 }} />
          </div>
        ) : query.isError && !query.data ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <div className="trade-panel">
            <EmptyState />
          </div>
        ) : (
          <div className="auction-list">
            <h2 className="sr-only">{t('auction.list')}</h2>
            {query.data.items.map((space) => (
              <AuctionRow key={space.spaceId} space={space} />
            ))}
          </div>
        )}
        {query.data && query.data.totalItem > 0 ? (
          <Pagination
            className="trade-pagination"
            current={page.pageNo}
            pageSize={page.pageSize}
            total={query.data.totalItem}
            showSizeChanger
            pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
            showTotal={(total) => t('auction.total', { count: total })}
            onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize !== page.pageSize ? 1 : pageNo, pageSize })}
          />
        ) : null}
      </section>
    </div>
  );
}
