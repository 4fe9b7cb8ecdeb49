import { AuditOutlined, BankOutlined, ShopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeSection } from './section';

const SERVICES = [
  { key: 'mall', to: '/onListing', Icon: ShopOutlined },
  { key: 'auction', to: '/auctionCenter', Icon: ThunderboltOutlined },
  { key: 'tender', to: '/biddingTender', Icon: AuditOutlined },
  { key: 'finance', to: '/finance', Icon: BankOutlined },
] as const;

/** What the platform offers, each card leading to its section. */
export function ServiceIntro() {
  const { t } = useTranslation('portal');
  return (
    <HomeSection title={t('home.services')} className="home-services">
      <ul className="service-grid">
        {SERVICES.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link to={to} className="service-card">
              <span className={`service-icon service-icon-${key}`} aria-hidden>
                <Icon />
              </span>
              <span className="service-title">{t(`home.serviceItems.${key}.title`)}</span>
              <span className="service-text">{t(`home.serviceItems.${key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
