import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CMS_LIMITS, NEWS_TYPE } from '@portal/contracts/cms-constants';
import { formatDate, useArticles } from '../../features/cms';
import { QueryState } from '../../shared/query-state';
import { HomeSection } from './section';

/** The three newest industry news items. */
export function IndustryNews() {
  const { t } = useTranslation('portal');
  const query = useArticles({ page_no: 1, page_size: CMS_LIMITS.homeNewsPageSize, artical_sub_type: NEWS_TYPE.news });
  return (
    <HomeSection
      title={t('home.news')}
      className="home-news"
      moreTo={`/newsList?type=${NEWS_TYPE.news}`}
      moreLabel={t('home.more')}
      moreAriaLabel={t('home.moreOf', { name: t('home.news') })}
    >
      <QueryState query={query} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <ul className="home-news-list">
            {data.rows.map((row) => (
              <li key={row.id}>
                <Link to={`/newsList/detail?id=${row.id}`} className="home-news-title">
                  {row.articleName}
                </Link>
                <p className="home-news-remark">{row.articleRemark}</p>
                <time dateTime={row.publishDate} className="home-news-date tabular">
                  {formatDate(row.publishDate)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </HomeSection>
  );
}
