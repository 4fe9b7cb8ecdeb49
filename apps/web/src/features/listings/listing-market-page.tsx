import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, InputNumber, Skeleton } from 'antd';
// The plain field only (antd's Input index also brings TextArea, Search, OTP and Group).
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  HOLD_BS,
  HOLD_BS_FILTER,
  LISTING_SEARCH_DEBOUNCE_MS,
  LISTING_SORT_FIELDS,
  LISTING_TYPES,
  LISTING_TYPE_VALUES,
  LISTING_USER_NAME_MAX,
  PAGE_SIZE_OPTIONS,
  enumLabel,
} from '@portal/contracts/constants';
import type { ListingSearchBody } from '@portal/contracts/listings';
import { useFeedback } from '../../shared/feedback';
import { PaginationBelowFold } from '../../shared/pagination-below-fold';
import { EmptyState, LoadError } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { failureText } from './labels';
import { ListingCard } from './listing-card';
import { useListingSearch, useMarkets, useMoneyTypes, useVarietyTree } from './queries';
import { RecommendedShops } from './recommended-shops';
import {
  DEFAULT_PAGE,
  DEFAULT_SORT,
  INITIAL_FILTERS,
  chooseVariety,
  rangeInvalid,
  toSearchBody,
  toggleSort,
  toggleValue,
  varietyPathOf,
  varietyRows,
  type ListingFilters,
  type ListingSort,
} from './search-state';
import './listings.css';

function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Shows a failed query's message (the call's text plus the server's detail) once per failure. */
function useFailureMessage(error: unknown, failedAt: number, text: (error: unknown) => string) {
  const { message } = useFeedback();
  const shown = useRef(0);
  useEffect(() => {
    if (error && failedAt && shown.current !== failedAt) {
      shown.current = failedAt;
      message.error(text(error));
    }
  }, [error, failedAt, message, text]);
}

/** The height of a filter row while its options load, so nothing below moves when they arrive. */
function RowPlaceholder({ label }: { label: string }) {
  return (
    <div className="filter-row" aria-busy>
      <span className="filter-label">{label}</span>
      <div className="filter-tags">
        <Skeleton.Input active size="small" />
      </div>
    </div>
  );
}

interface TagOption {
  value: string;
  label: string;
}

/** One filter group: a label and tag buttons, one of which may be chosen. */
function TagRow({
  id,
  label,
  options,
  value,
  onChoose,
}: {
  id: string;
  label: string;
  options: TagOption[];
  value?: string;
  onChoose: (value: string) => void;
}) {
  return (
    <div className="filter-row" role="group" aria-labelledby={id}>
      <span id={id} className="filter-label">
        {label}
      </span>
      <div className="filter-tags">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            className={value === o.value ? 'filter-tag is-checked' : 'filter-tag'}
            aria-pressed={value === o.value}
            onClick={() => onChoose(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

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

function RangeRow({
  id,
  label,
  children,
  invalid,
  invalidText,
}: {
  id: string;
  label: string;
  children: ReactNode;
  invalid: boolean;
  invalidText: string;
}) {
  return (
    <div className="filter-row" role="group" aria-labelledby={id}>
      <span id={id} className="filter-label">
        {label}
      </span>
      <div className="filter-range">
        {children}
        {invalid ? (
          <span className="filter-invalid" role="alert">
            {invalidText}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /onListing: the listing market. Tag filters, sorting and
 * paging search at once; typed values (prices, quantities, seller name) after 800 ms without typing.
 * A minimum above its maximum marks both inputs and leaves the last results on screen.
 */
export function ListingMarketPage() {
  const { t } = useTranslation('trading');
  const lang = useLang();
  const { message } = useFeedback();
  const [params] = useSearchParams();
  useDocumentTitle(t('titles.listing'));

  const tree = useVarietyTree();
  const markets = useMarkets();
  const moneyTypes = useMoneyTypes();
  const [filters, setFilters] = useState<ListingFilters>(INITIAL_FILTERS);
  const [sort, setSort] = useState<ListingSort>(DEFAULT_SORT);
  const [page, setPage] = useState(DEFAULT_PAGE);

  // A variety chosen elsewhere (the home page's categories) arrives as ?varietyCode=.
  const wanted = params.get('varietyCode');
  const [appliedWanted, setAppliedWanted] = useState<string | null>(null);
  if (tree.data && wanted && appliedWanted !== wanted) {
    setAppliedWanted(wanted);
    setFilters((f) => ({ ...f, variety: varietyPathOf(tree.data, wanted) }));
  }

  // Debounced as text: a new object on every render would restart the timer each time.
  const typedKey = useDebouncedValue(
    JSON.stringify({
      minPrice: filters.minPrice ?? null,
      maxPrice: filters.maxPrice ?? null,
      minQuantity: filters.minQuantity ?? null,
      maxQuantity: filters.maxQuantity ?? null,
      userName: filters.userName,
    }),
    LISTING_SEARCH_DEBOUNCE_MS,
  );
  const typed = useMemo(
    () => JSON.parse(typedKey) as Pick<ListingFilters, 'minPrice' | 'maxPrice' | 'minQuantity' | 'maxQuantity' | 'userName'>,
    [typedKey],
  );
  // Typed filters that settle send the person back to page 1, like the tag filters do.
  const [lastTyped, setLastTyped] = useState(typedKey);
  if (typedKey !== lastTyped) {
    setLastTyped(typedKey);
    if (page.pageNo !== 1) setPage((p) => ({ ...p, pageNo: 1 }));
  }

  const candidate = useMemo(() => toSearchBody({ ...filters, ...typed }, sort, page), [filters, typed, sort, page]);
  // Skipped searches (an invalid range) keep the last valid condition and its results.
  const [body, setBody] = useState<ListingSearchBody>(() => toSearchBody(INITIAL_FILTERS, DEFAULT_SORT, DEFAULT_PAGE)!);
  const candidateKey = JSON.stringify(candidate);
  if (candidate && candidateKey !== JSON.stringify(body)) setBody(candidate);

  const listings = useListingSearch(body);
  useFailureMessage(listings.error, listings.errorUpdatedAt, (e) =>
    failureText(e, t('messages.listingFailed'), t('messages.networkFailed')),
  );
  useFailureMessage(markets.error, markets.errorUpdatedAt, (e) => failureText(e, t('messages.marketFailed'), t('messages.networkFailed')));
  useFailureMessage(moneyTypes.error, moneyTypes.errorUpdatedAt, (e) =>
    failureText(e, t('messages.currencyFailed'), t('messages.networkFailed')),
  );

  // An empty page after the first one: say so and go back to page 1.
  const data = listings.data;
  const [emptyPage, setEmptyPage] = useState<unknown>(null);
  if (!listings.isPlaceholderData && data && data.items.length === 0 && data.pageNo > 1 && emptyPage !== data) {
    setEmptyPage(data);
    setPage((p) => ({ ...p, pageNo: 1 }));
  }
  useEffect(() => {
    if (emptyPage) message.info(t('messages.emptyPage'));
  }, [emptyPage, message, t]);

  const update = (change: Partial<ListingFilters>) => {
    setFilters((f) => ({ ...f, ...change }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const priceInvalid = rangeInvalid(filters.minPrice, filters.maxPrice);
  const quantityInvalid = rangeInvalid(filters.minQuantity, filters.maxQuantity);
  const currencyOf = useMemo(() => new Map((moneyTypes.data ?? []).map((m) => [m.marketCode, m.currency])), [moneyTypes.data]);
  const levelLabels = [t('listing.variety'), t('listing.category'), t('listing.grade')];

  return (
    <div className="portal-container trade-page listing-page">
      <h1 className="trade-page-title">{t('titles.listing')}</h1>
      <section className="trade-panel listing-filters" aria-label={t('listing.filters')}>
        {tree.isPending ? (
          <RowPlaceholder label={t('listing.variety')} />
        ) : tree.isError ? (
          <LoadError error={tree.error} onRetry={() => void tree.refetch()} compact />
        ) : (
          varietyRows(tree.data, filters.variety).map((nodes, level) => (
            <TagRow
              key={level}
              id={`filter-variety-${level}`}
              label={levelLabels[level] ?? ''}
              options={nodes.map((n) => ({ value: n.code, label: n.shortName }))}
              value={filters.variety[level]}
              onChoose={(code) => update({ variety: chooseVariety(filters.variety, level, code) })}
            />
          ))
        )}
        {markets.isPending ? (
          <RowPlaceholder label={t('listing.market')} />
        ) : markets.data && markets.data.length > 0 ? (
          <TagRow
            id="filter-market"
            label={t('listing.market')}
            options={markets.data.map((m) => ({ value: m.marketId, label: m.marketNameZh }))}
            value={filters.marketCode}
            onChoose={(code) => update({ marketCode: toggleValue(filters.marketCode, code) })}
          />
        ) : null}
        <TagRow
          id="filter-direction"
          label={t('listing.direction')}
          options={HOLD_BS_FILTER.map((v) => ({ value: String(v), label: enumLabel(HOLD_BS, v, lang) }))}
          value={filters.holdBs === undefined ? undefined : String(filters.holdBs)}
          onChoose={(v) => update({ holdBs: toggleValue(filters.holdBs, Number(v)) })}
        />
        <TagRow
          id="filter-type"
          label={t('listing.listingType')}
          options={LISTING_TYPE_VALUES.map((v) => ({ value: v, label: enumLabel(LISTING_TYPES, v, lang) }))}
          value={filters.listingType}
          onChoose={(v) => update({ listingType: toggleValue(filters.listingType, v as 'A' | 'D') })}
        />
        <RangeRow id="filter-price" label={t('listing.price')} invalid={priceInvalid} invalidText={t('listing.rangeInvalid')}>
          <InputNumber
            aria-label={t('listing.minPrice')}
            placeholder={t('listing.minPrice')}
            min={0}
            precision={2}
            status={priceInvalid ? 'error' : undefined}
            aria-invalid={priceInvalid}
            value={filters.minPrice ?? null}
            onChange={(v) => setFilters((f) => ({ ...f, minPrice: v }))}
          />
          <span aria-hidden>–</span>
          <InputNumber
            aria-label={t('listing.maxPrice')}
            placeholder={t('listing.maxPrice')}
            min={0}
            precision={2}
            status={priceInvalid ? 'error' : undefined}
            aria-invalid={priceInvalid}
            value={filters.maxPrice ?? null}
            onChange={(v) => setFilters((f) => ({ ...f, maxPrice: v }))}
          />
        </RangeRow>
        <RangeRow id="filter-quantity" label={t('listing.quantity')} invalid={quantityInvalid} invalidText={t('listing.rangeInvalid')}>
          <InputNumber
            aria-label={t('listing.minQuantity')}
            placeholder={t('listing.minQuantity')}
            min={0}
            precision={3}
            status={quantityInvalid ? 'error' : undefined}
            aria-invalid={quantityInvalid}
            value={filters.minQuantity ?? null}
            onChange={(v) => setFilters((f) => ({ ...f, minQuantity: v }))}
          />
          <span aria-hidden>–</span>
          <InputNumber
            aria-label={t('listing.maxQuantity')}
            placeholder={t('listing.maxQuantity')}
            min={0}
            precision={3}
            status={quantityInvalid ? 'error' : undefined}
            aria-invalid={quantityInvalid}
            value={filters.maxQuantity ?? null}
            onChange={(v) => setFilters((f) => ({ ...f, maxQuantity: v }))}
          />
        </RangeRow>
        <div className="filter-row" role="group" aria-labelledby="filter-user">
          <label id="filter-user" htmlFor="filter-user-input" className="filter-label">
            {t('listing.userName')}
          </label>
          <div className="filter-range">
            <Input
              id="filter-user-input"
              className="filter-user"
              maxLength={LISTING_USER_NAME_MAX}
              allowClear
              placeholder={t('listing.userNamePlaceholder')}
              value={filters.userName}
              onChange={(e) => setFilters((f) => ({ ...f, userName: e.target.value }))}
            />
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                setFilters(INITIAL_FILTERS);
                setSort(DEFAULT_SORT);
                setPage(DEFAULT_PAGE);
              }}
            >
              {t('listing.reset')}
            </Button>
          </div>
        </div>
      </section>

      <div className="listing-layout">
        <section className="listing-results" aria-label={t('listing.results')} aria-busy={listings.isFetching}>
          <div className="trade-toolbar">
            <span className="trade-toolbar-label">{t('listing.sortBy')}</span>
            <SortButton
              label={t('listing.sortPrice')}
              active={sort.sortField === LISTING_SORT_FIELDS.price}
              asc={sort.sortAsc === 1}
              onClick={() => {
                setSort((s) => toggleSort(s, LISTING_SORT_FIELDS.price));
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            />
            <SortButton
              label={t('listing.sortTime')}
              active={sort.sortField === LISTING_SORT_FIELDS.time}
              asc={sort.sortAsc === 1}
              onClick={() => {
                setSort((s) => toggleSort(s, LISTING_SORT_FIELDS.time));
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
            />
            {data ? (
              <span className="trade-toolbar-total" data-testid="listing-total" data-value={data.totalItem}>
                {data.totalCapped ? t('listing.totalCapped', { count: data.totalItem }) : t('listing.total', { count: data.totalItem })}
              </span>
            ) : null}
          </div>
          <h2 className="sr-only">{t('listing.results')}</h2>
          {listings.isPending ? (
            <div className="listing-grid" aria-hidden>
              {Array.from({ length: DEFAULT_PAGE.pageSize }, (_, i) => (
                <div key={i} className="listing-card listing-card-skeleton">
                  <div className="listing-card-media" />
                  <div className="listing-card-body">
                    <Skeleton active title paragraph={{ rows: 5 }} />
                  </div>
                </div>
              ))}
            </div>
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
              onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize !== page.pageSize ? 1 : pageNo, pageSize })}
            />
          ) : null}
        </section>
        <RecommendedShops />
      </div>
    </div>
  );
}
