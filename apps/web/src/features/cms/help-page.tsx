import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CMS_LIMITS, NEWS_TYPE } from '@portal/contracts/cms-constants';
import { EmptyState, QueryState } from '../../shared/query-state';
import { RichText } from '../../shared/rich-text';
import { ContentPage } from './content-page';
import { formatDate } from './format';
import { idParam, useArticle, useArticles } from './queries';

/** /help?id=: a left menu of up to 99 help articles and the chosen one beside it. */
export function HelpPage() {
  const { t } = useTranslation(['portal', 'content']);
  const [params] = useSearchParams();
  const list = useArticles({ page_no: 1, page_size: CMS_LIMITS.helpPageSize, artical_sub_type: NEWS_TYPE.help });
  const rows = list.data?.rows ?? [];
  const wanted = idParam(params.get('id'));
  const selected = rows.find((r) => r.id === wanted)?.id ?? rows[0]?.id ?? null;
  const article = useArticle(selected);

  return (
    <ContentPage title={t('help.title')} crumbs={[{ title: t('help.title') }]}>
      <QueryState
        query={list}
        isEmpty={(d) => d.rows.length === 0}
        empty={
          <div className="cms-card">
            <EmptyState text={t('help.empty')} />
          </div>
        }
      >
        {(data) => (
          <div className="cms-two-columns">
            <nav className="cms-side-menu" aria-label={t('help.menu')}>
              <h2 className="cms-side-title">{t('help.menu')}</h2>
              <ul>
                {data.rows.map((row) => (
                  <li key={row.id}>
                    <Link
                      to={`/help?id=${row.id}`}
                      replace
                      className={row.id === selected ? 'cms-side-link is-active' : 'cms-side-link'}
                      aria-current={row.id === selected ? 'page' : undefined}
                    >
                      {row.articleName}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <article className="cms-card cms-article" aria-live="polite">
              <QueryState query={article}>
                {(a) => (
                  <>
                    <header className="cms-article-header">
                      <h2 className="cms-help-title">{a.articleName}</h2>
                      <p className="cms-article-meta">{t('help.updated', { date: formatDate(a.publishDate) })}</p>
                    </header>
                    <RichText html={a.articleText} className="cms-article-body" />
                  </>
                )}
              </QueryState>
            </article>
          </div>
        )}
      </QueryState>
    </ContentPage>
  );
}
