import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVarietyTree } from '../../features/listings';
import { EmptyState, LoadError } from '../../shared/query-state';
import { HomeSection } from './section';
import './trade.css';

const href = (code: string) => `/onListing?varietyCode=${encodeURIComponent(code)}`;

/** Commodity categories from the variety tree; each opens the listing market with it chosen. */
export function CommodityCategories() {
  const { t } = useTranslation('trading');
  const tree = useVarietyTree();
  return (
    <HomeSection
      title={t('home.categories')}
      className="home-categories"
      moreTo="/onListing"
      moreLabel={t('home.more')}
      moreAriaLabel={t('home.moreOf', { name: t('home.categories') })}
    >
      {tree.isPending ? (
        <div className="home-categories-placeholder" aria-busy />
      ) : tree.isError ? (
        <LoadError error={tree.error} onRetry={() => void tree.refetch()} compact />
      ) : tree.data.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="home-category-grid">
          {tree.data.map((root) => (
            <li key={root.code} className={`home-category home-category-${root.code.toLowerCase()}`}>
              <Link to={href(root.code)} className="home-category-title" aria-label={t('home.browse', { name: root.shortName })}>
                {root.shortName}
              </Link>
              <ul className="home-category-children">
                {root.children.map((branch) => (
                  <li key={branch.code}>
                    <Link to={href(branch.code)} className="home-category-branch">
                      {branch.shortName}
                    </Link>
                    <span className="home-category-leaves">
                      {branch.children.map((leaf) => (
                        <Link key={leaf.code} to={href(leaf.code)}>
                          {leaf.shortName}
                        </Link>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
