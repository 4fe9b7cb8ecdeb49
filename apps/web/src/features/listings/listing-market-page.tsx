import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ListingFilters } from './listing-filters';
import { ListingResults } from './listing-results';
import { RecommendedShops } from './recommended-shops';
import { useListingMarket } from './use-listing-market';
import './listings.css';

/**
 * /onListing: the listing market. Tag filters, sorting and paging search at once; typed values
 * (prices, quantities, seller name) once typing has paused. A minimum above its maximum marks both
 * inputs and leaves the last results on screen.
 */
export function ListingMarketPage() {
  const { t } = useTranslation('trading');
  useDocumentTitle(t('titles.listing'));
  const market = useListingMarket();

  return (
    <div className="portal-container trade-page listing-page">
      <div className="listing-page-head">
        <h1 className="trade-page-title">{t('titles.listing')}</h1>
        <Link to={PAGE_PATHS.priceIndex} className="listing-price-link">
          {t('titles.priceIndexLink')}
        </Link>
      </div>
      <ListingFilters market={market} />
      <div className="listing-layout">
        <ListingResults market={market} />
        <RecommendedShops />
      </div>
    </div>
  );
}
