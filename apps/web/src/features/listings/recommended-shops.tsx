import { useEffect, useRef } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedback } from '../../shared/feedback';
import { EmptyState, LoadError } from '../../shared/query-state';
import { failureText } from './labels';
import { storeHref } from './listing-card';
import { useRecommendedShops } from './queries';

/** Recommended suppliers beside the listings, each opening its store. */
export function RecommendedShops() {
  const { t } = useTranslation('trading');
  const { message } = useFeedback();
  const shops = useRecommendedShops();
  const shown = useRef(0);
  useEffect(() => {
    if (shops.error && shown.current !== shops.errorUpdatedAt) {
      shown.current = shops.errorUpdatedAt;
      message.error(failureText(shops.error, t('messages.shopFailed'), t('messages.networkFailed')));
    }
  }, [shops.error, shops.errorUpdatedAt, message, t]);

  return (
    <aside className="trade-panel recommended-shops" aria-labelledby="recommended-title">
      <h2 id="recommended-title" className="trade-panel-title">
        {t('listing.recommended')}
      </h2>
      {shops.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : shops.isError ? (
        <LoadError error={shops.error} onRetry={() => void shops.refetch()} compact />
      ) : shops.data.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="recommended-list">
          {shops.data.map((shop) => (
            <li key={shop.userId}>
              <Link to={storeHref(shop.userId)} className="recommended-shop">
                {shop.shopLogo ? (
                  <img src={shop.shopLogo} alt="" width={44} height={44} loading="lazy" />
                ) : (
                  <span className="recommended-logo" aria-hidden />
                )}
                <span className="recommended-text">
                  <strong>{shop.companyName}</strong>
                  <span>{shop.mainBusiness}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
