import { Activity, Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Spin } from 'antd';
import { Route, Routes } from 'react-router';

export interface Pane {
  /** The tab's path. */
  key: string;
  /** Where the pane's page believes it is (its own path and query, also while in the background). */
  location: string;
  keepAlive: boolean;
  content: ReactNode;
}

/** Remembers a pane's scroll position while it is hidden and puts it back when it shows again. */
function ScrollKeeper({ children, label }: { children: ReactNode; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const saved = useRef(0);
  // Runs when the pane mounts and each time its Activity becomes visible again.
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = saved.current;
  }, []);
  return (
    <div
      ref={box}
      className="shell-pane"
      role="region"
      aria-label={label}
      onScroll={(e) => {
        saved.current = e.currentTarget.scrollTop;
      }}
    >
      {children}
    </div>
  );
}

/**
 * The tabs' pages. Keep-alive panes stay mounted in the background (React Activity), so form input,
 * table pages and scroll survive a tab switch; the others mount only while active.
 */
export function TabPanes({ panes, activeKey, labelOf }: { panes: Pane[]; activeKey: string; labelOf: (key: string) => string }) {
  return (
    <>
      {panes.map((pane) => {
        const active = pane.key === activeKey;
        if (!active && !pane.keepAlive) return null;
        return (
          <Activity key={pane.key} mode={active ? 'visible' : 'hidden'}>
            <ScrollKeeper label={labelOf(pane.key)}>
              <Suspense fallback={<Spin size="large" className="shell-pane-spin" />}>
                <Routes location={pane.location}>
                  <Route path="*" element={pane.content} />
                </Routes>
              </Suspense>
            </ScrollKeeper>
          </Activity>
        );
      })}
    </>
  );
}
