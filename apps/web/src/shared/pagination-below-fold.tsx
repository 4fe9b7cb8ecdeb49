import { Suspense, lazy, useEffect, useRef, useState, type Ref } from 'react';
import type { PaginationProps } from 'antd';

const Pagination = lazy(() => import('antd/es/pagination'));

/** How far ahead of the viewport the pager starts loading, so it is usually there when scrolled to. */
const AHEAD = '200px 0px';

/** A box of the pager's height (antd's default size), so nothing moves when it arrives. */
function Placeholder({ className, boxRef }: { className?: string; boxRef?: Ref<HTMLDivElement> }) {
  return <div ref={boxRef} className={className} style={{ minHeight: 32 }} aria-hidden />;
}

/**
 * antd's Pagination for a pager that sits below the first screen (the listing market's, under a
 * grid of cards). Its code, with the Select of the page-size changer, is about 30 KB (gzip) that a
 * visitor who never scrolls down does not need: it loads when the pager comes within 200 px of
 * the viewport.
 */
export function PaginationBelowFold(props: PaginationProps) {
  const box = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) the pager simply loads at once. The
  // server's first screen keeps the box: the copy takes no clicks, and the pager's and its
  // Select's styles (about 65 KB) would be most of the copy's CSS.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <Placeholder className={props.className} boxRef={box} />;
  return (
    <Suspense fallback={<Placeholder className={props.className} />}>
      <Pagination {...props} />
    </Suspense>
  );
}
