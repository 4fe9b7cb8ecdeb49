import { Spin } from 'antd';

/** A spinner over the whole page while the session or a lazily loaded page is on its way. */
export function FullPageSpin({ label }: { label?: string } = {}) {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role={label ? 'status' : undefined} aria-label={label}>
      <Spin size="large" />
    </div>
  );
}
