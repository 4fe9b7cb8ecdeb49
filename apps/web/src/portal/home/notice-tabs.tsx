import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CMS_LIMITS, NEWS_TYPE } from '@portal/contracts/cms-constants';
import { cutText, formatShortDate, useArticles } from '../../features/cms';
import { QueryState } from '../../shared/query-state';
import { HomeSection } from './section';

const TABS = [
  { type: NEWS_TYPE.bidNotice, label: 'home.bidNotices' },
  { type: NEWS_TYPE.dealNotice, label: 'home.dealNotices' },
] as const;

function NoticeList({ type }: { type: string }) {
  const query = useArticles({ page_no: 1, page_size: CMS_LIMITS.homeNoticePageSize, artical_sub_type: type });
  return (
    <QueryState query={query} isEmpty={(d) => d.rows.length === 0}>
      {(data) => (
        <ul className="home-notice-list">
          {data.rows.map((row) => (
            <li key={row.id}>
              <Link to={`/newsList/detail?id=${row.id}`} title={row.articleName}>
                {cutText(row.articleName, CMS_LIMITS.noticeTitleMax)}
              </Link>
              <time dateTime={row.publishDate} className="tabular">
                {formatShortDate(row.publishDate)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/**
 * Bidding and deal notices, six each, titles cut at 32 characters. A small WAI-ARIA tab list
 * (arrow keys move between the tabs) rather than antd Tabs, which would bring its dropdown and
 * menu into the home page's first download.
 */
export function NoticeTabs() {
  const { t } = useTranslation('portal');
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = TABS[active]!;
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (active + step + TABS.length) % TABS.length;
    setActive(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <HomeSection
      title={t('home.notices')}
      className="home-notices"
      moreTo={`/newsList?type=${current.type}`}
      moreLabel={t('home.more')}
      moreAriaLabel={t('home.moreOf', { name: t(current.label) })}
    >
      <div role="tablist" aria-label={t('home.notices')} className="home-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <button
            key={tab.type}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`notice-tab-${tab.type}`}
            aria-selected={i === active}
            aria-controls={`notice-panel-${tab.type}`}
            tabIndex={i === active ? 0 : -1}
            className={i === active ? 'home-tab is-active' : 'home-tab'}
            onClick={() => setActive(i)}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`notice-panel-${current.type}`} aria-labelledby={`notice-tab-${current.type}`} className="home-tab-panel">
        <NoticeList key={current.type} type={current.type} />
      </div>
    </HomeSection>
  );
}
