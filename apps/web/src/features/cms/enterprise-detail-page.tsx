import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { EmptyState, QueryState } from '../../shared/query-state';
import { RichText } from '../../shared/rich-text';
import { ContentPage } from './content-page';
import { idParam, useEnterprise } from './queries';

/** /enterpriseInfo/detail?id=: logo, name, main business and the rich-text introduction. */
export function EnterpriseDetailPage() {
  const { t } = useTranslation(['portal', 'content']);
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const enterprise = useEnterprise(id);
  const missing = id === null || (enterprise.error instanceof ApiError && enterprise.error.status === 404);
  const name = enterprise.data?.enterpriseName;

  return (
    <ContentPage
      title={name ?? t('enterprise.title')}
      crumbs={[{ title: t('enterprise.list') }, { title: name ?? t('enterprise.title') }]}
      hideHeading
    >
      <article className="cms-card cms-enterprise">
        {missing ? (
          <EmptyState text={t('enterprise.notFound')} />
        ) : (
          <QueryState query={enterprise}>
            {(e) => (
              <>
                <header className="cms-enterprise-header">
                  {e.logo ? <img src={e.logo} alt={t('enterprise.logoAlt', { name: e.enterpriseName })} width={96} height={96} /> : null}
                  <div>
                    <h1>{e.enterpriseName}</h1>
                    <p className="cms-enterprise-business">
                      <strong>{t('enterprise.mainBusiness')}：</strong>
                      {e.mainBusiness}
                    </p>
                  </div>
                </header>
                <h2 className="cms-subtitle">{t('enterprise.introduce')}</h2>
                <RichText html={e.enterpriseIntroduce} />
              </>
            )}
          </QueryState>
        )}
      </article>
    </ContentPage>
  );
}
