import { useEffect, useRef, useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@portal/contracts/menus';
import { MenuIcon } from './menu-icons';

/** The width of each scroll arrow beside the row (shell.css). */
const ARROW_WIDTH = 28;
/** How far one click (or wheel notch) scrolls a menu. */
export const MENU_SCROLL_STEP = 80;

/**
 * The horizontal, scrollable row of top-level menus in the top bar. Every entry fits in the row
 * whatever the language: an entry is at most as wide as the row's narrowest size (shell.css), and
 * what does not fit beside it is reached with the arrows or the wheel.
 */
export function RootMenu({ tops, activeId, onChoose }: { tops: MenuNode[]; activeId: string | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('shell');
  const strip = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const measure = () => setOverflow({ left: el.scrollLeft > 0, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    // The observer also reports once right away, which sets the first state.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [tops]);

  // The chosen menu is always whole in view, also when it sits past the strip's edge (a long title,
  // a narrow window), and the row then starts at a whole entry: no title is cut at either edge.
  useEffect(() => {
    const el = strip.current;
    const active = el?.querySelector<HTMLElement>('.shell-root-item.is-active');
    if (!el || !active) return;
    const reveal = () => {
      // The room the row has once both arrows show (they take it from the row when it scrolls).
      const room = (el.parentElement?.clientWidth ?? el.clientWidth) - 2 * ARROW_WIDTH;
      const needed = active.offsetLeft + active.offsetWidth - room;
      const starts = Array.from(el.querySelectorAll<HTMLElement>('.shell-root-item')).map((item) => item.offsetLeft);
      el.scrollLeft = needed <= 0 ? 0 : Math.min(active.offsetLeft, starts.find((s) => s >= needed) ?? active.offsetLeft);
    };
    // Again when the bar or the entry change size (a narrower window, the web font arriving).
    const observer = new ResizeObserver(reveal);
    if (el.parentElement) observer.observe(el.parentElement);
    observer.observe(active);
    return () => observer.disconnect();
  }, [activeId, tops]);

  const scrollBy = (dx: number) => strip.current?.scrollBy({ left: dx, behavior: 'smooth' });

  return (
    <nav className="shell-root-menu" aria-label={t('topBar.rootMenu')}>
      {overflow.left && (
        <Button
          type="text"
          size="small"
          className="shell-on-dark"
          icon={<LeftOutlined />}
          aria-label={t('topBar.scrollLeft')}
          onClick={() => scrollBy(-MENU_SCROLL_STEP)}
        />
      )}
      <div
        ref={strip}
        className={['shell-root-menu-strip', overflow.left && 'has-more-left', overflow.right && 'has-more-right']
          .filter(Boolean)
          .join(' ')}
        onWheel={(e) => {
          if (e.deltaY !== 0) scrollBy(Math.sign(e.deltaY) * MENU_SCROLL_STEP);
        }}
      >
        {tops.map((top) => (
          <button
            key={top.id}
            type="button"
            className={top.id === activeId ? 'shell-root-item is-active' : 'shell-root-item'}
            aria-current={top.id === activeId ? 'true' : undefined}
            // A title longer than an entry may be wide ends in an ellipsis; the whole title shows on hover.
            title={top.title}
            onClick={() => onChoose(top.id)}
          >
            <MenuIcon name={top.icon} />
            <span className="shell-root-item-title">{top.title}</span>
          </button>
        ))}
      </div>
      {overflow.right && (
        <Button
          type="text"
          size="small"
          className="shell-on-dark"
          icon={<RightOutlined />}
          aria-label={t('topBar.scrollRight')}
          onClick={() => scrollBy(MENU_SCROLL_STEP)}
        />
      )}
    </nav>
  );
}
