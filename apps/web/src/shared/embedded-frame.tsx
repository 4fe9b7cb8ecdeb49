import { Suspense, useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { Outlet } from 'react-router';
import './embedded-frame.css';

interface EmbeddedFrameProps {
  /** A same-origin address (a page of this app). */
  src: string;
  /** The frame's accessible name. */
  title: string;
  loadingLabel: string;
  minHeight?: number;
}

/**
 * A page of this app shown in a frame: a spinner until the frame has
 * loaded, then the frame at the height of its content, so the portal page scrolls as one.
 */
export function EmbeddedFrame({ src, title, loadingLabel, minHeight = 560 }: EmbeddedFrameProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const [height, setHeight] = useState(minHeight);
  const observer = useRef<ResizeObserver | null>(null);

  useEffect(() => () => observer.current?.disconnect(), []);

  const onLoad = () => {
    setLoaded(src);
    observer.current?.disconnect();
    const doc = ref.current?.contentDocument;
    if (!doc?.documentElement) return;
    const fit = () => setHeight(Math.max(minHeight, doc.documentElement.scrollHeight));
    fit();
    observer.current = new ResizeObserver(fit);
    observer.current.observe(doc.body ?? doc.documentElement);
  };

  const ready = loaded === src;
  return (
    <div className="embedded-frame" style={{ minHeight }}>
      {!ready && (
        <div className="embedded-frame-loading" role="status" aria-live="polite">
          <Spin size="large" />
          <span>{loadingLabel}</span>
        </div>
      )}
      <iframe
        ref={ref}
        src={src}
        title={title}
        onLoad={onLoad}
        className={ready ? 'embedded-frame-view is-ready' : 'embedded-frame-view'}
        style={{ height }}
      />
    </div>
  );
}

/** The frame of pages meant to be embedded: no portal top bar or footer, a light page background. */
export function EmbeddedPageLayout() {
  return (
    <div className="embedded-page">
      <Suspense
        fallback={
          <div className="embedded-frame-loading">
            <Spin />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
