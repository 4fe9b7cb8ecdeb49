import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LISTING_SEARCH_DEBOUNCE_MS } from '@portal/contracts/constants';
import { useFeedback } from '../../shared/feedback';
import { failureText } from './labels';
import { useListingSearch, useMarkets, useMoneyTypes, useVarietyTree } from './queries';
import {
  DEFAULT_PAGE,
  DEFAULT_SORT,
  INITIAL_FILTERS,
  NO_VARIETY_CHOICE,
  chooseVariety,
  pageInEffect,
  toSearchBody,
  toggleSort,
  varietyInEffect,
  type ListingFilters,
  type ListingSort,
  type PageChoice,
  type VarietyChoice,
} from './search-state';

type TypedFilters = Pick<ListingFilters, 'minPrice' | 'maxPrice' | 'minQuantity' | 'maxQuantity' | 'userName'>;
/** The filters chosen by tags, and the typed ones as they are typed (they search once settled). */
type FilterInputs = Omit<ListingFilters, 'variety'>;

/** The typed filters as text, so that equal values compare equal. */
function typedKeyOf(filters: FilterInputs): string {
  const typed: TypedFilters = {
    minPrice: filters.minPrice ?? null,
    maxPrice: filters.maxPrice ?? null,
    minQuantity: filters.minQuantity ?? null,
    maxQuantity: filters.maxQuantity ?? null,
    userName: filters.userName,
  };
  return JSON.stringify(typed);
}

/** `value` once it has not changed for `ms`, and how many times it has settled on a new value. */
function useSettledValue(value: string, ms: number): { value: string; version: number } {
  const [settled, setSettled] = useState({ value, version: 0 });
  useEffect(() => {
    const timer = setTimeout(() => setSettled((s) => (s.value === value ? s : { value, version: s.version + 1 })), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Shows an error message once per failure of a query. */
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

/** An answer (not the previous one kept on screen) with no listings on a page after the first. */
function isEmptyLaterPage({ data, isPlaceholderData }: ReturnType<typeof useListingSearch>): boolean {
  return !isPlaceholderData && data !== undefined && data.items.length === 0 && data.pageNo > 1;
}

const FIRST_PAGE: PageChoice = { ...DEFAULT_PAGE, typedVersion: 0 };

/**
 * The listing market's state and data: the filters, sort and page the person chose, the search they
 * make, and its answer. Tag filters, sorting and paging search at once; typed values after they
 * have settled; a minimum above its maximum skips the search and leaves the last answer shown.
 */
export function useListingMarket() {
  const { t } = useTranslation('trading');
  const { message } = useFeedback();
  const [params] = useSearchParams();
  const wish = params.get('varietyCode');

  const tree = useVarietyTree();
  const markets = useMarkets();
  const moneyTypes = useMoneyTypes();
  const [inputs, setInputs] = useState<FilterInputs>(INITIAL_FILTERS);
  const [varietyChoice, setVarietyChoice] = useState<VarietyChoice>(NO_VARIETY_CHOICE);
  const [sort, setSort] = useState<ListingSort>(DEFAULT_SORT);
  const [pageChoice, setPageChoice] = useState<PageChoice>(FIRST_PAGE);

  const variety = varietyInEffect(varietyChoice, wish, tree.data);
  const typed = useSettledValue(typedKeyOf(inputs), LISTING_SEARCH_DEBOUNCE_MS);
  const chosenPage = pageInEffect(pageChoice, typed.version);
  const filters: ListingFilters = { ...inputs, variety };
  // Rebuilt each render: the query compares it by value.
  const chosenBody = toSearchBody({ ...filters, ...(JSON.parse(typed.value) as TypedFilters) }, sort, chosenPage);
  // An empty page after the first one (its listings went meanwhile) shows page 1 instead.
  const chosen = useListingSearch(chosenBody);
  const emptied = isEmptyLaterPage(chosen);
  const page = emptied ? { ...chosenPage, pageNo: 1 } : chosenPage;
  const listings = useListingSearch(emptied && chosenBody ? { ...chosenBody, pageNo: 1 } : chosenBody);
  const emptiedAnswer = emptied ? chosen.data : undefined;
  useEffect(() => {
    if (emptiedAnswer) message.info(t('messages.emptyPage'));
  }, [emptiedAnswer, message, t]);

  useFailureMessage(listings.error, listings.errorUpdatedAt, (e) =>
    failureText(e, t('messages.listingFailed'), t('messages.networkFailed')),
  );
  useFailureMessage(markets.error, markets.errorUpdatedAt, (e) => failureText(e, t('messages.marketFailed'), t('messages.networkFailed')));
  useFailureMessage(moneyTypes.error, moneyTypes.errorUpdatedAt, (e) =>
    failureText(e, t('messages.currencyFailed'), t('messages.networkFailed')),
  );

  const currencyOf = useMemo(() => new Map((moneyTypes.data ?? []).map((m) => [m.marketCode, m.currency])), [moneyTypes.data]);
  const toFirstPage = () => setPageChoice({ ...page, pageNo: 1, typedVersion: typed.version });

  return {
    tree,
    markets,
    listings,
    filters,
    sort,
    page,
    currencyOf,
    /** Changes tag filters; the search goes back to page 1. */
    choose(change: Partial<Omit<FilterInputs, keyof TypedFilters>>) {
      setInputs((f) => ({ ...f, ...change }));
      toFirstPage();
    },
    chooseVariety(level: number, code: string) {
      setVarietyChoice({ wish, path: chooseVariety(variety, level, code) });
      toFirstPage();
    },
    /** Changes typed filters; they search once they settle. */
    type(change: Partial<TypedFilters>) {
      setInputs((f) => ({ ...f, ...change }));
    },
    toggleSort(field: 1 | 2) {
      setSort((s) => toggleSort(s, field));
      toFirstPage();
    },
    goToPage(pageNo: number, pageSize: number) {
      setPageChoice({ pageNo: pageSize !== page.pageSize ? 1 : pageNo, pageSize, typedVersion: typed.version });
    },
    reset() {
      setInputs(INITIAL_FILTERS);
      setVarietyChoice({ wish, path: [] });
      setSort(DEFAULT_SORT);
      setPageChoice({ ...DEFAULT_PAGE, typedVersion: typed.version });
    },
  };
}

export type ListingMarket = ReturnType<typeof useListingMarket>;
