import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../shared/use-document-title';
import { BannerCarousel } from './home/banner-carousel';
import { EnterpriseList } from './home/enterprise-list';
import { IndustryNews } from './home/industry-news';
import { NoticeTabs } from './home/notice-tabs';
import { PriceIndexStrip } from './home/price-index-strip';
import { ServiceIntro } from './home/service-intro';
import { CommodityCategories } from './home/commodity-categories';
import { TradeTabs } from './home/trade-tabs';
import './home/home.css';

/** /index: the public portal's home. */
export function PortalHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(null);
  return (
    <div className="home">
      <h1 className="sr-only">{t('appName')}</h1>
      <BannerCarousel />
      <div className="portal-container home-sections">
        <PriceIndexStrip />
        <div className="home-row">
          <NoticeTabs />
          <IndustryNews />
        </div>
        <TradeTabs />
        <CommodityCategories />
        <ServiceIntro />
        <EnterpriseList />
      </div>
    </div>
  );
}
