import { useContext } from 'react';
import { ConfigProvider } from 'antd';
import useStyle from 'antd/es/spin/style';

/**
 * antd's large Spin as it renders without a description: its markup and styles, without the
 * component's code (its progress ring, delay and nesting), which every page's start would carry.
 */
function LargeSpin() {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('spin');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  return (
    <div
      className={`${prefixCls} ${prefixCls}-lg ${prefixCls}-spinning ${prefixCls}-section ${hashId} ${cssVarCls}`}
      aria-live="polite"
      aria-busy
    >
      <span className={`${prefixCls}-dot-holder`}>
        <span className={`${prefixCls}-dot ${prefixCls}-dot-spin`}>
          {[1, 2, 3, 4].map((i) => (
            <i key={i} className={`${prefixCls}-dot-item`} />
          ))}
        </span>
      </span>
    </div>
  );
}

/** A spinner over the whole page while the session or a lazily loaded page is on its way. */
export function FullPageSpin({ label }: { label?: string } = {}) {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} role={label ? 'status' : undefined} aria-label={label}>
      <LargeSpin />
    </div>
  );
}
