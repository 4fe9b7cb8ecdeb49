import { BankOutlined, SafetyCertificateOutlined, SwapOutlined, TransactionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ContentPage } from './content-page';

interface Blurb {
  title: string;
  text: string;
}
interface Product {
  bank: string;
  name: string;
  text: string;
  term: string;
}

const SERVICE_ICONS = [TransactionOutlined, SwapOutlined, SafetyCertificateOutlined];

/**
 * /finance: three service blurbs and six partner-bank products. The specification names no call
 * for this page, so its text lives in the `portal` translations (docs/decisions/032-finance-page.md).
 */
export function FinancePage() {
  const { t } = useTranslation(['portal', 'content']);
  const services = t('finance.services', { returnObjects: true }) as Blurb[];
  const products = t('finance.products', { returnObjects: true }) as Product[];
  return (
    <ContentPage title={t('finance.title')} crumbs={[{ title: t('finance.title') }]}>
      <p className="cms-lead">{t('finance.lead')}</p>
      <ul className="finance-services">
        {services.map((s, i) => {
          const Icon = SERVICE_ICONS[i % SERVICE_ICONS.length]!;
          return (
            <li key={s.title} className="cms-card finance-service">
              <span className="finance-service-icon" aria-hidden>
                <Icon />
              </span>
              <h2>{s.title}</h2>
              <p>{s.text}</p>
            </li>
          );
        })}
      </ul>
      <section className="cms-card" aria-labelledby="finance-products-title">
        <h2 id="finance-products-title" className="cms-subtitle">
          {t('finance.productsTitle')}
        </h2>
        <ul className="finance-products">
          {products.map((p) => (
            <li key={p.bank + p.name} className="finance-product">
              <span className="finance-product-bank">
                <BankOutlined aria-hidden /> {p.bank}
              </span>
              <h3>{p.name}</h3>
              <p>{p.text}</p>
              <span className="finance-product-term">{p.term}</span>
            </li>
          ))}
        </ul>
        <p className="cms-note">{t('finance.consult')}</p>
      </section>
    </ContentPage>
  );
}
