import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { EmptyState, QueryState } from '../../shared/query-state';
import { RichText } from '../../shared/rich-text';
import { ContentPage } from './content-page';
import { formatDate } from './format';
import { idParam, useArticle } from './queries';

/** /newsList/detail?id=: title, column, publish date and the rich-text body. */
export function NewsDetailPage() {
  const { t } = useTranslation(['portal', 'content']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const article = useArticle(id);
  const missing = id === null || (article.error instanceof ApiError && article.error.status === 404);
  const data = article.data;
  const crumbs = [
    { title: t('news.title'), to: '/newsList' },
    ...(data ? [{ title: data.articalSubTypeName, to: `/newsList?type=${data.articalSubType}` }] : []),
    { title: t('news.detail') },
  ];

  return (
    <ContentPage title={data?.articleName ?? t('news.title')} crumbs={crumbs} hideHeading>
      <article className="cms-card cms-article">
        {missing ? (
          <EmptyState
            text={
              <>
                <p>{t('news.notFound')}</p>
                <Button type="primary" onClick={() => navigate('/newsList')}>
                  {t('news.backToList')}
                </Button>
              </>
            }
          />
        ) : (
          <QueryState query={article}>
            {(a) => (
              <>
                <header className="cms-article-header">
                  <h1>{a.articleName}</h1>
                  <p className="cms-article-meta">
                    <span>
                      {t('news.type')}：<Link to={`/newsList?type=${a.articalSubType}`}>{a.articalSubTypeName}</Link>
                    </span>
                    <span>
                      {t('news.publishDate')}：
                      <time dateTime={a.publishDate} className="tabular">
                        {formatDate(a.publishDate)}
                      </time>
                    </span>
                  </p>
                </header>
                <RichText html={a.articleText} className="cms-article-body" />
              </>
            )}
          </QueryState>
        )}
      </article>
    </ContentPage>
  );
}
