import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CMS_LIMITS } from '@portal/contracts/cms-constants';
import { useEnterprises } from '../../features/cms';
import { QueryState } from '../../shared/query-state';
import { HomeSection } from './section';

const PAGE_SIZE = CMS_LIMITS.homeEnterprisePageSize;

/** The page after `page`, or page 1 after the last one. */
export function nextPage(page: number, total: number, pageSize: number): number {
  return page * pageSize >= total ? 1 : page + 1;
}

/** Member enterprises; every 5 s the next page loads, wrapping to page 1 (paused on hover or focus). */
export function EnterpriseList() {
  const { t } = useTranslation('portal');
  const [page, setPage] = useState(1);
  const [paused, setPaused] = useState(false);
  const query = useEnterprises(page, PAGE_SIZE);
  const total = query.data?.total ?? 0;

  useEffect(() => {
    if (paused || total <= PAGE_SIZE) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setPage((p) => nextPage(p, total, PAGE_SIZE));
    }, CMS_LIMITS.enterpriseRotateMs);
    return () => window.clearInterval(timer);
  }, [paused, total]);

  return (
    <HomeSection title={t('home.enterprises')} className="home-enterprises">
      <div
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <QueryState query={query} isEmpty={(d) => d.rows.length === 0}>
          {(data) => (
            <ul className="enterprise-grid" aria-live="off" data-page={page}>
              {data.rows.map((e) => (
                <li key={e.id}>
                  <Link to={`/enterpriseInfo/detail?id=${e.id}`} className="enterprise-card">
                    {e.logo ? (
                      <img src={e.logo} alt="" width={56} height={56} loading="lazy" />
                    ) : (
                      <span className="enterprise-logo-blank" />
                    )}
                    <span className="enterprise-card-text">
                      <span className="enterprise-name">{e.enterpriseName}</span>
                      <span className="enterprise-business">{e.mainBusiness}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </HomeSection>
  );
}
