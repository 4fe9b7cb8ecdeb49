import { useEffect } from 'react';
import { App } from 'antd';
import type { AntFeedback } from './feedback';

function Ready({ onReady }: { onReady: (api: AntFeedback) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/** antd's message and modal holders (toasts top-centre, 3 s, at most 3), loaded by FeedbackProvider. */
export function FeedbackHolder({ onReady }: { onReady: (api: AntFeedback) => void }) {
  return (
    <App component={false} message={{ top: 24, duration: 3, maxCount: 3 }}>
      <Ready onReady={onReady} />
    </App>
  );
}
