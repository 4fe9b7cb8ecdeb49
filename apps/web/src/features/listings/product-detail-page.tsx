import { Suspense, lazy } from 'react';
import { Descriptions, Result, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HOLD_BS, LISTING_STATES, LISTING_TYPES, PAYMENT_TYPES, TRANSPORT_WAYS, enumLabel } from '@portal/contracts/constants';
import type { ListingDetail } from '@portal/contracts/listings';
import { ApiError } from '../../api/client';
import { withTexts } from '../../i18n/index';
import { formatDate, formatDateTime, formatPrice, formatQuantity, formatUnit } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { RichTextPanel } from '../../shared/rich-text';
import { storeHref } from './listing-card';
import { useListingDetail } from './queries';
import './listings.css';

/**
 * The order box loads only for a listing that can be ordered, with its texts (the form and its
 * words are not part of the market's first download).
 */
const OrderBox = lazy(() => withTexts(import('./order-box'), ['trade']).then((m) => ({ default: m.OrderBox })));

function Detail({ d }: { d: ListingDetail }) {
  const { t } = useTranslation(['trading', 'browse']);
  const lang = useLang();
  const unit = formatUnit(d.skuList[0]?.varietyUnit);
  const title = d.skuList[0]?.goodsSkuName ?? d.varietyName;
  return (
    <article className="product-detail" aria-labelledby="product-title">
      <header className="trade-panel product-head">
        {d.picPath ? <img className="product-picture" src={d.picPath} alt="" width={360} height={240} /> : null}
        <div className="product-summary">
          <h1 id="product-title" className="product-title">
            {title}
          </h1>
          <div className="trade-tags">
            <span className={d.holdBs === 1 ? 'trade-tag trade-tag-buy' : 'trade-tag trade-tag-sell'}>
              {enumLabel(HOLD_BS, d.holdBs, lang)}
            </span>
            <span className="trade-tag trade-tag-margin">{enumLabel(LISTING_TYPES, d.listingType, lang)}</span>
            <span className="trade-tag">{enumLabel(LISTING_STATES, d.objState, lang)}</span>
          </div>
          <p className="product-price tabular" data-testid="product-price">
            <strong>{formatPrice(d.singlePrice, { currency: d.currency })}</strong>
            {unit ? <span>{t('listing.card.perUnit', { unit })}</span> : null}
          </p>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'code', label: t('product.tradeListingCode'), children: d.tradeListingCode },
              { key: 'variety', label: t('product.variety'), children: d.varietyPath.join(' / ') },
              {
                key: 'surplus',
                label: t('product.surplus'),
                children: <span className="tabular">{formatQuantity(d.surplusListingNum, unit)}</span>,
              },
              {
                key: 'listed',
                label: t('product.listed'),
                children: <span className="tabular">{formatQuantity(d.objListingNum, unit)}</span>,
              },
              { key: 'min', label: t('product.min'), children: <span className="tabular">{formatQuantity(d.objMinNum, unit)}</span> },
              { key: 'market', label: t('product.market'), children: d.marketName },
            ]}
          />
          <p className="product-hint">{t('product.tradeHint')}</p>
        </div>
      </header>

      {d.objState === 1 && d.holdBs === 2 ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} className="trade-panel" />}>
          <OrderBox listing={d} />
        </Suspense>
      ) : null}

      <section className="trade-panel" aria-labelledby="product-terms">
        <h2 id="product-terms" className="trade-panel-title">
          {t('product.terms')}
        </h2>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'payment', label: t('product.payment'), children: enumLabel(PAYMENT_TYPES, d.paymentType, lang) },
            { key: 'transport', label: t('product.transport'), children: enumLabel(TRANSPORT_WAYS, d.transportWay, lang) },
            { key: 'origin', label: t('product.origin'), children: d.origin || '-' },
            { key: 'place', label: t('product.deliveryPlace'), children: d.deliveryPlace || '-' },
            {
              key: 'period',
              label: t('product.deliveryPeriod'),
              children: d.deliveryStart ? `${d.deliveryStart} ~ ${d.deliveryEnd}` : '-',
            },
            { key: 'days', label: t('product.listingDays'), children: t('product.days', { count: d.objListingDay }) },
            { key: 'periodDays', label: t('product.periodDays'), children: t('product.days', { count: d.objPeriodDay }) },
            { key: 'published', label: t('product.publishTime'), children: formatDateTime(d.publishTime) },
            { key: 'remark', label: t('product.remark'), children: d.remark || '-' },
          ]}
        />
      </section>

      <RichTextPanel id="product-description" title={t('product.description')} html={d.description} />

      <section className="trade-panel" aria-labelledby="product-skus">
        <h2 id="product-skus" className="trade-panel-title">
          {t('product.skus')}
        </h2>
        {d.skuList.map((sku) => (
          <div key={sku.goodsSkuName} className="product-sku">
            <h3>
              {sku.goodsSkuName} <small>({sku.varietyUnit})</small>
            </h3>
            <Table
              size="small"
              pagination={false}
              rowKey="name"
              dataSource={sku.specs}
              columns={[
                { title: t('product.specs'), dataIndex: 'name' },
                { title: '', dataIndex: 'value', align: 'right' },
              ]}
            />
          </div>
        ))}
      </section>

      <section className="trade-panel product-seller" aria-labelledby="product-seller">
        <h2 id="product-seller" className="trade-panel-title">
          {t('product.seller')}
        </h2>
        <div className="product-seller-body">
          {d.seller.shopLogo ? <img src={d.seller.shopLogo} alt="" width={64} height={64} /> : null}
          <div>
            <strong>{d.seller.companyName}</strong>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'region', label: t('product.region'), children: d.seller.region || '-' },
                { key: 'business', label: t('product.mainBusiness'), children: d.seller.mainBusiness || '-' },
                { key: 'contact', label: t('product.contact'), children: d.seller.contactName || '-' },
                { key: 'phone', label: t('product.phone'), children: d.seller.contactPhone || '-' },
              ]}
            />
            <a href={storeHref(d.seller.userId)} target="_top" className="trade-link-button">
              {t('product.visitStore')}
            </a>
          </div>
        </div>
        <p className="product-published">{t('listing.card.published', { date: formatDate(d.publishTime) })}</p>
      </section>
    </article>
  );
}

/** /productDetail?tradeListingCode: a listing with its SKUs, seller and terms (the frame's page). */
export function ProductDetailPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const [params] = useSearchParams();
  const code = params.get('tradeListingCode');
  const query = useListingDetail(code);
  useDocumentTitle(query.data ? (query.data.skuList[0]?.goodsSkuName ?? t('titles.productDetail')) : t('titles.productDetail'));
  const missing = !code || (query.error instanceof ApiError && query.error.status === 404);
  if (missing) {
    return (
      <Result
        status="404"
        title={t('product.notFound')}
        extra={
          <a href="/onListing" target="_top" className="trade-link-button">
            {t('product.backToMarket')}
          </a>
        }
      />
    );
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Detail d={query.data} />;
}
