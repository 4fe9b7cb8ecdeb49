import type { ReactNode } from 'react';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

interface HomeSectionProps {
  title: ReactNode;
  /** Where "more" goes; no link when absent. */
  moreTo?: string;
  moreLabel?: ReactNode;
  /** Accessible name of the "more" link when its visible text alone is ambiguous. */
  moreAriaLabel?: string;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A home section: a title bar with an optional "more" link, then its content on a white card. */
export function HomeSection({ title, moreTo, moreLabel, moreAriaLabel, extra, className, children }: HomeSectionProps) {
  return (
    <section className={className ? `home-section ${className}` : 'home-section'}>
      <div className="home-section-head">
        <h2 className="home-section-title">{title}</h2>
        {extra}
        {moreTo ? (
          <Link to={moreTo} className="home-section-more" aria-label={moreAriaLabel}>
            {moreLabel} <RightOutlined aria-hidden />
          </Link>
        ) : null}
      </div>
      <div className="home-section-body">{children}</div>
    </section>
  );
}
