import type { ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOLD_BS, HOLD_BS_FILTER, LISTING_TYPES, LISTING_TYPE_VALUES, LISTING_USER_NAME_MAX, enumLabel } from '@portal/contracts/constants';
import { LoadError } from '../../shared/query-state';
import { useLang } from '../../shared/use-lang';
import { rangeInvalid, toggleValue, varietyRows } from './search-state';
import type { ListingMarket } from './use-listing-market';

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
export function TagRow({
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

/** A minimum and a maximum; a minimum above the maximum marks both and says why. */
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

type MarketFilters = Pick<ListingMarket, 'tree' | 'markets' | 'filters' | 'choose' | 'chooseVariety' | 'type' | 'reset'>;

/** The listing market's filters: variety levels, market, direction and type tags, ranges and the seller's name. */
export function ListingFilters({ market }: { market: MarketFilters }) {
  const { t } = useTranslation('trading');
  const lang = useLang();
  const { tree, markets, filters, choose, type } = market;
  const priceInvalid = rangeInvalid(filters.minPrice, filters.maxPrice);
  const quantityInvalid = rangeInvalid(filters.minQuantity, filters.maxQuantity);
  const levelLabels = [t('listing.variety'), t('listing.category'), t('listing.grade')];

  return (
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
            onChoose={(code) => market.chooseVariety(level, code)}
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
          onChoose={(code) => choose({ marketCode: toggleValue(filters.marketCode, code) })}
        />
      ) : null}
      <TagRow
        id="filter-direction"
        label={t('listing.direction')}
        options={HOLD_BS_FILTER.map((v) => ({ value: String(v), label: enumLabel(HOLD_BS, v, lang) }))}
        value={filters.holdBs === undefined ? undefined : String(filters.holdBs)}
        onChoose={(v) => choose({ holdBs: toggleValue(filters.holdBs, Number(v)) })}
      />
      <TagRow
        id="filter-type"
        label={t('listing.listingType')}
        options={LISTING_TYPE_VALUES.map((v) => ({ value: v, label: enumLabel(LISTING_TYPES, v, lang) }))}
        value={filters.listingType}
        onChoose={(v) => {
          const listingType = LISTING_TYPE_VALUES.find((known) => known === v);
          if (listingType) choose({ listingType: toggleValue(filters.listingType, listingType) });
        }}
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
          onChange={(v) => type({ minPrice: v })}
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
          onChange={(v) => type({ maxPrice: v })}
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
          onChange={(v) => type({ minQuantity: v })}
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
          onChange={(v) => type({ maxQuantity: v })}
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
            onChange={(e) => type({ userName: e.target.value })}
          />
          <Button icon={<ReloadOutlined />} onClick={market.reset}>
            {t('listing.reset')}
          </Button>
        </div>
      </div>
    </section>
  );
}
