import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmbeddedFrame } from '../../shared/embedded-frame';
import { EmptyState } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import './listings.css';

/** /productDetailPortal?tradeListingCode: the product detail page in a frame inside the portal. */
export function ProductDetailPortalPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const [params] = useSearchParams();
  const code = params.get('tradeListingCode');
  useDocumentTitle(t('titles.productDetail'));
  return (
    <div className="portal-container trade-page">
      {code ? (
        <EmbeddedFrame
          src={`/productDetail?tradeListingCode=${encodeURIComponent(code)}`}
          title={t('frame.productTitle')}
          loadingLabel={t('frame.loading')}
        />
      ) : (
        <EmptyState text={t('frame.missing')} />
      )}
    </div>
  );
}

/** /storeDetailPortal?userId: the store page in a frame inside the portal. */
export function StoreDetailPortalPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const [params] = useSearchParams();
  const userId = params.get('userId');
  useDocumentTitle(t('titles.store'));
  return (
    <div className="portal-container trade-page">
      {userId ? (
        <EmbeddedFrame
          src={`/storeDetail?userId=${encodeURIComponent(userId)}`}
          title={t('frame.storeTitle')}
          loadingLabel={t('frame.loading')}
        />
      ) : (
        <EmptyState text={t('frame.missing')} />
      )}
    </div>
  );
}
