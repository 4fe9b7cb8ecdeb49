import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { formatChange, formatDate, formatIndexValue, trendOf, usePriceIndices } from '../../features/cms';
import { QueryState } from '../../shared/query-state';
import { HomeSection } from './section';

const ICONS = { up: ArrowUpOutlined, down: ArrowDownOutlined, flat: MinusOutlined };

/** A change with an arrow and the up/down colour, and the direction in words for screen readers. */
function Change({ label, percent }: { label: string; percent: number }) {
  const { t } = useTranslation('portal');
  const trend = trendOf(percent);
  const Icon = ICONS[trend];
  return (
    <span className={`price-change trend-${trend}`}>
      <span className="price-change-label">{label}</span>
      <Icon aria-hidden />
      <span className="sr-only">{t(`home.${trend}`)}</span>
      <span className="tabular">{formatChange(percent)}</span>
    </span>
  );
}

/** The latest index of each commodity with day, month and year comparisons. */
export function PriceIndexStrip() {
  const { t } = useTranslation('portal');
  const query = usePriceIndices();
  const date = query.data?.[0]?.indexDate;
  return (
    <HomeSection
      title={t('home.priceIndex')}
      className="home-price-index"
      extra={date ? <span className="home-section-note">{t('home.indexDate', { date: formatDate(date) })}</span> : null}
    >
      <QueryState
        query={query}
        isEmpty={(rows) => rows.length === 0}
        compact
        loading={
          // Placeholders of the cards' own size, so nothing below moves when the figures arrive.
          <ul className="price-index-list" aria-busy="true" aria-label={t('home.priceIndex')}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className="price-index-item price-index-placeholder" />
            ))}
          </ul>
        }
      >
        {(rows) => (
          <ul className="price-index-list">
            {rows.map((row) => (
              <li key={row.goodsName} className="price-index-item">
                <span className="price-index-head">
                  <span className="price-index-name">
                    {row.source === 'deals' ? (
                      <Link
                        to={`${PAGE_PATHS.priceIndex}?varietyCode=${encodeURIComponent(row.varietyCode)}`}
                        aria-label={t('home.priceChart', { name: row.goodsName })}
                      >
                        {row.goodsName}
                      </Link>
                    ) : (
                      row.goodsName
                    )}
                  </span>
                  <span
                    className={`price-index-source source-${row.source}`}
                    title={t(row.source === 'deals' ? 'home.fromDealsHint' : 'home.typedIndexHint')}
                  >
                    {t(row.source === 'deals' ? 'home.fromDeals' : 'home.typedIndex')}
                  </span>
                </span>
                <span className={`price-index-value tabular trend-${trendOf(row.comparedWithYesterday)}`}>
                  {formatIndexValue(row.priceIndex)}
                </span>
                <Change label={t('home.dayChange')} percent={row.comparedWithYesterday} />
                <span className="price-index-more">
                  <Change label={t('home.monthChange')} percent={row.comparedWithLastMonth} />
                  <Change label={t('home.yearChange')} percent={row.yearOnYear} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </HomeSection>
  );
}
