import { useState } from 'react';
import { Pagination, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LISTING_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portal/contracts/constants';
import { ApiError } from '../../api/client';
import { formatDate } from '../../shared/format';
import { EmptyState, LoadError } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ListingCard } from './listing-card';
import { useListingSearch, useShopDetail } from './queries';
import './listings.css';

function StoreListings({ userId }: { userId: string }) {
  const { t } = useTranslation(['trading', 'browse']);
  const [page, setPage] = useState({ pageNo: 1, pageSize: LISTING_PAGE_SIZE });
  const query = useListingSearch({ shopUserId: userId, sortField: 2, sortAsc: 0, ...page });
  return (
    <section className="trade-panel" aria-labelledby="store-listings">
      <h2 id="store-listings" className="trade-panel-title">
        {t('store.listings')}
      </h2>
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <div className="listing-grid listing-grid-wide">
            {query.data.items.map((item) => (
              <ListingCard key={item.id} item={item} top />
            ))}
          </div>
          <Pagination
            className="trade-pagination"
            current={page.pageNo}
            pageSize={page.pageSize}
            total={query.data.totalItem}
            showSizeChanger
            pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
            showTotal={(total) => t('listing.total', { count: total })}
            onChange={(pageNo, pageSize) => setPage({ pageNo: pageSize !== page.pageSize ? 1 : pageNo, pageSize })}
          />
        </>
      )}
    </section>
  );
}

/** /storeDetail?userId: a store and its listings on the market (the frame's page). */
export function StoreDetailPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const shop = useShopDetail(userId);
  useDocumentTitle(shop.data?.companyName ?? t('titles.store'));
  if (!userId || (shop.error instanceof ApiError && (shop.error.status === 404 || shop.error.status === 400))) {
    return <Result status="404" title={t('store.notFound')} />;
  }
  if (shop.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (shop.isError) return <LoadError error={shop.error} onRetry={() => void shop.refetch()} />;
  const s = shop.data;
  return (
    <div className="store-page">
      <header className="trade-panel store-head">
        {s.shopLogo ? <img src={s.shopLogo} alt="" width={88} height={88} /> : null}
        <div>
          <h1 className="product-title">{s.companyName}</h1>
          <p className="store-business">{s.mainBusiness}</p>
          <p className="store-meta">
            <span>{s.region}</span>
            <span>{t('store.listingCount', { count: s.listingCount })}</span>
            <span>
              {t('store.openedAt')} {formatDate(s.openedAt)}
            </span>
            {s.contactName ? (
              <span>
                {s.contactName} {s.contactPhone}
              </span>
            ) : null}
          </p>
        </div>
      </header>
      <section className="trade-panel" aria-labelledby="store-intro">
        <h2 id="store-intro" className="trade-panel-title">
          {t('store.introduction')}
        </h2>
        <p className="trade-text">{s.introduction}</p>
      </section>
      <StoreListings userId={s.userId} />
    </div>
  );
}
