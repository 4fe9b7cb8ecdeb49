import type { CSSProperties, ReactNode } from 'react';
import './scroll-region.css';

/**
 * A read-only table wider than a phone, scrolled sideways inside a named region the keyboard can
 * reach (Tab, then the arrow keys): a table with nothing to focus in its rows cannot be scrolled
 * from the keyboard inside antd's own scroll box. The table inside takes no `scroll.x`; it is at
 * least `minWidth` wide.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div
      className="scroll-region"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ '--scroll-region-min': `${minWidth}px` } as CSSProperties}
    >
      {children}
    </div>
  );
}
