import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOLD_BS, LISTING_TYPES, PAYMENT_TYPES, TRANSPORT_WAYS, enumLabel } from '@portal/contracts/constants';
import type { ListingItem } from '@portal/contracts/listings';
import { formatDate, formatPrice, formatQuantity, formatUnit } from '../../shared/format';
import { useLang } from '../../shared/use-lang';

/** A link inside the portal, or out of an embedded page to the top window. */
export function PortalLink({
  to,
  top,
  className,
  children,
  label,
}: {
  to: string;
  top?: boolean;
  className?: string;
  children: ReactNode;
  label?: string;
}) {
  return top ? (
    <a href={to} target="_top" className={className} aria-label={label}>
      {children}
    </a>
  ) : (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

export const productHref = (code: string) => `/productDetailPortal?tradeListingCode=${encodeURIComponent(code)}`;
export const storeHref = (userId: string) => `/storeDetailPortal?userId=${encodeURIComponent(userId)}`;

/** A listing with its key terms: price, quantity left, minimum, payment, transport, seller. */
export function ListingCard({ item, top = false }: { item: ListingItem; top?: boolean }) {
  const { t } = useTranslation('trading');
  const lang = useLang();
  const unit = formatUnit(item.skuList[0]?.varietyUnit);
  const title = item.skuList[0]?.goodsSkuName ?? item.varietyName;
  return (
    <article className="listing-card" data-testid="listing-card" data-code={item.tradeListingCode}>
      <PortalLink to={productHref(item.tradeListingCode)} top={top} className="listing-card-media" label={title}>
        {item.picPath ? (
          <img src={item.picPath} alt="" width={300} height={200} loading="lazy" decoding="async" />
        ) : (
          // Without a picture the variety's name fills the space, so the card does not look broken.
          <span className="listing-card-media-empty" aria-hidden="true">
            {item.varietyName}
          </span>
        )}
      </PortalLink>
      <div className="listing-card-body">
        <h3 className="listing-card-title">
          <PortalLink to={productHref(item.tradeListingCode)} top={top}>
            {title}
          </PortalLink>
        </h3>
        <div className="trade-tags">
          <span className={item.holdBs === 1 ? 'trade-tag trade-tag-buy' : 'trade-tag trade-tag-sell'}>
            {enumLabel(HOLD_BS, item.holdBs, lang)}
          </span>
          {item.listingType === 'D' ? <span className="trade-tag trade-tag-margin">{enumLabel(LISTING_TYPES, 'D', lang)}</span> : null}
          <span className="listing-card-variety">{item.varietyName}</span>
        </div>
        <p className="listing-card-price tabular" aria-label={t('listing.card.price')}>
          <strong data-testid="listing-price" data-value={item.singlePrice}>
            {formatPrice(item.singlePrice, { currency: item.currency })}
          </strong>
          {unit ? <span>{t('listing.card.perUnit', { unit })}</span> : null}
        </p>
        <dl className="listing-card-terms">
          <div>
            <dt>{t('listing.card.surplus')}</dt>
            <dd className="tabular" data-testid="listing-surplus" data-value={item.surplusListingNum}>
              {formatQuantity(item.surplusListingNum, unit)}
            </dd>
          </div>
          <div>
            <dt>{t('listing.card.min')}</dt>
            <dd className="tabular">{formatQuantity(item.objMinNum, unit)}</dd>
          </div>
          <div>
            <dt>{t('listing.card.payment')}</dt>
            <dd>{enumLabel(PAYMENT_TYPES, item.paymentType, lang)}</dd>
          </div>
          <div>
            <dt>{t('listing.card.transport')}</dt>
            <dd>{enumLabel(TRANSPORT_WAYS, item.transportWay, lang)}</dd>
          </div>
        </dl>
        <div className="listing-card-foot">
          <PortalLink to={storeHref(item.userId)} top={top} className="listing-card-seller">
            {item.userName}
          </PortalLink>
          <time dateTime={item.publishTime} className="tabular" data-testid="listing-time" data-value={item.publishTime}>
            {t('listing.card.published', { date: formatDate(item.publishTime) })}
          </time>
        </div>
      </div>
    </article>
  );
}
