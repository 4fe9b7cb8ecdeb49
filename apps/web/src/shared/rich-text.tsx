import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import './rich-text.css';
import { isSitePath } from '@portal/contracts/site-path';

interface RichTextProps {
  /** HTML that the server sanitised when it was written (scripts, handlers and javascript: removed). */
  html: string;
  className?: string;
}

/**
 * Shows stored rich text (articles, introductions, about-us, help, footer). Links to the portal's
 * own pages navigate inside the app instead of reloading it.
 */
export function RichText({ html, className }: RichTextProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target === '_blank' || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const href = anchor.getAttribute('href') ?? '';
    if (isSitePath(href)) {
      event.preventDefault();
      navigate(href);
    }
  };
  return (
    // Clicks bubble up from the links inside; pressing Enter on a link fires the same click.
    <div className={className ? `rich-text ${className}` : 'rich-text'} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** A trading page's panel of stored rich text under its heading (a description); nothing when it is empty. */
export function RichTextPanel({ id, title, html }: { id: string; title: string; html: string }) {
  if (!html) return null;
  return (
    <section className="trade-panel" aria-labelledby={id}>
      <h2 id={id} className="trade-panel-title">
        {title}
      </h2>
      <RichText html={html} />
    </section>
  );
}
