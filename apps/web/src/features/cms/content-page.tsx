import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';
import './cms.css';

export interface Crumb {
  title: ReactNode;
  to?: string;
}

interface ContentPageProps {
  /** The page heading and tab title. */
  title: string;
  /** Crumbs after "home"; the last one is the current page. */
  crumbs: Crumb[];
  /** Shown instead of the heading (a page whose heading is inside its card). */
  hideHeading?: boolean;
  children: ReactNode;
}

/** The frame of a content page: breadcrumb from home, heading, then the page in the 1200 px column. */
export function ContentPage({ title, crumbs, hideHeading, children }: ContentPageProps) {
  const { t } = useTranslation('portal');
  useDocumentTitle(title);
  const items = [
    { title: <Link to="/index">{t('nav.home')}</Link> },
    ...crumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title })),
  ];
  return (
    <div className="portal-container cms-page">
      <Breadcrumb className="cms-breadcrumb" items={items} />
      {hideHeading ? null : <h1 className="cms-page-title">{title}</h1>}
      {children}
    </div>
  );
}
