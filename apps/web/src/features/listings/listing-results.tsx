import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LISTING_SORT_FIELDS, PAGE_SIZE_OPTIONS } from '@portal/contracts/constants';
import { PaginationBelowFold } from '../../shared/pagination-below-fold';
import { EmptyState, LoadError } from '../../shared/query-state';
import { ListingCard } from './listing-card';
import { DEFAULT_PAGE } from './search-state';
import type { ListingMarket } from './use-listing-market';

function SortButton({ active, asc, label, onClick }: { active: boolean; asc: boolean; label: string; onClick: () => void }) {
  const { t } = useTranslation('trading');
  return (
    <button
      type="button"
      className={active ? 'sort-button is-active' : 'sort-button'}
      aria-pressed={active}
      aria-label={active ? `${label} ${asc ? t('listing.ascending') : t('listing.descending')}` : label}
      onClick={onClick}
    >
      {label}
      <span className="sort-arrows" aria-hidden>
        <ArrowUpOutlined className={active && asc ? 'is-on' : ''} />
        <ArrowDownOutlined className={active && !asc ? 'is-on' : ''} />
      </span>
    </button>
  );
}

/** While the first answer loads: cards' outlines in place of the cards. */
function GridPlaceholder() {
  return (
    <div className="listing-grid" aria-hidden>
      {Array.from({ length: DEFAULT_PAGE.pageSize }, (_, i) => (
        <div key={i} className="listing-card listing-card-skeleton">
          <div className="listing-card-media" />
          <div className="listing-card-body">
            <Skeleton active paragraph={{ rows: 5 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

type MarketResults = Pick<ListingMarket, 'listings' | 'sort' | 'page' | 'currencyOf' | 'toggleSort' | 'goToPage'>;

/** The listing market's answer: the sort buttons and the total, the cards, and the pages. */
export function ListingResults({ market }: { market: MarketResults }) {
  const { t } = useTranslation('trading');
  const { listings, sort, page, currencyOf } = market;
  const data = listings.data;

  return (
    <section className="listing-results" aria-label={t('listing.results')} aria-busy={listings.isFetching}>
      <div className="trade-toolbar">
        <span className="trade-toolbar-label">{t('listing.sortBy')}</span>
        <SortButton
          label={t('listing.sortPrice')}
          active={sort.sortField === LISTING_SORT_FIELDS.price}
          asc={sort.sortAsc === 1}
          onClick={() => market.toggleSort(LISTING_SORT_FIELDS.price)}
        />
        <SortButton
          label={t('listing.sortTime')}
          active={sort.sortField === LISTING_SORT_FIELDS.time}
          asc={sort.sortAsc === 1}
          onClick={() => market.toggleSort(LISTING_SORT_FIELDS.time)}
        />
        {data ? (
          <span className="trade-toolbar-total" data-testid="listing-total" data-value={data.totalItem}>
            {data.totalCapped ? t('listing.totalCapped', { count: data.totalItem }) : t('listing.total', { count: data.totalItem })}
          </span>
        ) : null}
      </div>
      <h2 className="sr-only">{t('listing.results')}</h2>
      {listings.isPending ? (
        <GridPlaceholder />
      ) : listings.isError && !data ? (
        <LoadError error={listings.error} onRetry={() => void listings.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyState />
      ) : data ? (
        <div className="listing-grid">
          {data.items.map((item) => (
            <ListingCard key={item.id} item={{ ...item, currency: currencyOf.get(item.marketCode) ?? item.currency }} />
          ))}
        </div>
      ) : null}
      {data && data.totalItem > 0 ? (
        <PaginationBelowFold
          className="trade-pagination"
          current={page.pageNo}
          pageSize={page.pageSize}
          total={data.totalItem}
          showSizeChanger
          pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
          showTotal={(total) => t('listing.total', { count: total })}
          onChange={market.goToPage}
        />
      ) : null}
    </section>
  );
}
