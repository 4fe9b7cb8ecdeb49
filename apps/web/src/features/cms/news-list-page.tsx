import { Pagination, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CMS_LIMITS, newsTypeName } from '@portal/contracts/cms-constants';
import { useLang } from '../../shared/use-lang';
import { EmptyState, QueryState } from '../../shared/query-state';
import { ContentPage } from './content-page';
import { formatDate } from './format';
import { useArticles, useNewsTypes } from './queries';

const TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** /newsList?type=&page=: a column selector and a paged list of 10 per page. */
export function NewsListPage() {
  const { t } = useTranslation(['portal', 'content']);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type') ?? '';
  const type = TYPE_PATTERN.test(rawType) ? rawType : '';
  const page = Math.min(CMS_LIMITS.pageNoMax, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  const types = useNewsTypes();
  const list = useArticles(
    { page_no: page, page_size: CMS_LIMITS.newsListPageSize, ...(type ? { artical_sub_type: type } : {}) },
    { keepPrevious: true },
  );
  const stored = type ? types.data?.rows.find((r) => r.dictValue === type)?.dictText : undefined;
  const typeName = type ? (stored ? newsTypeName(type, stored, lang) : '') : t('news.all');
  const go = (next: { type?: string; page?: number }) => {
    const qs = new URLSearchParams();
    const nextType = next.type ?? type;
    if (nextType) qs.set('type', nextType);
    if (next.page && next.page > 1) qs.set('page', String(next.page));
    setParams(qs);
  };

  return (
    <ContentPage title={t('news.title')} crumbs={[{ title: t('news.title'), to: '/newsList' }, ...(typeName ? [{ title: typeName }] : [])]}>
      <div className="cms-two-columns">
        <nav className="cms-side-menu" aria-label={t('news.columns')}>
          <h2 className="cms-side-title">{t('news.columns')}</h2>
          <QueryState query={types} compact isEmpty={(d) => d.rows.length === 0}>
            {(data) => (
              <ul>
                {[{ dictValue: '', dictText: t('news.all') }, ...data.rows].map((row) => (
                  <li key={row.dictValue || 'all'}>
                    <Link
                      to={row.dictValue ? `/newsList?type=${row.dictValue}` : '/newsList'}
                      className={row.dictValue === type ? 'cms-side-link is-active' : 'cms-side-link'}
                      aria-current={row.dictValue === type ? 'page' : undefined}
                    >
                      {row.dictValue ? newsTypeName(row.dictValue, row.dictText, lang) : row.dictText}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </nav>
        <section className="cms-card cms-news-list" aria-label={typeName || t('news.title')} aria-busy={list.isFetching}>
          <QueryState query={list} isEmpty={(d) => d.rows.length === 0} empty={<EmptyState />}>
            {(data) => (
              <>
                <ul className="cms-article-list">
                  {data.rows.map((row) => (
                    <li key={row.id}>
                      <div className="cms-article-head">
                        <Link to={`/newsList/detail?id=${row.id}`} className="cms-article-title">
                          {row.articleName}
                        </Link>
                        <time dateTime={row.publishDate} className="cms-article-date tabular">
                          {formatDate(row.publishDate)}
                        </time>
                      </div>
                      <p className="cms-article-remark">
                        {!type ? (
                          <Tag className="cms-article-type">{newsTypeName(row.articalSubType, row.articalSubTypeName, lang)}</Tag>
                        ) : null}
                        {row.articleRemark}
                      </p>
                    </li>
                  ))}
                </ul>
                <Pagination
                  className="cms-pagination"
                  current={page}
                  pageSize={CMS_LIMITS.newsListPageSize}
                  total={data.total}
                  showSizeChanger={false}
                  showTotal={(total) => t('news.total', { total })}
                  onChange={(next) => go({ page: next })}
                />
              </>
            )}
          </QueryState>
        </section>
      </div>
    </ContentPage>
  );
}
