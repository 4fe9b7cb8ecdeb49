import { useContext } from 'react';
import { ConfigProvider } from 'antd';
import useStyle from 'antd/es/spin/style';

/**
 * antd's Spin as it renders without a description, in its default or large size: its markup and
 * styles, without the component's code (its progress ring, delay and nesting), which a page's
 * start would carry.
 */
export function Spinner({ size }: { size?: 'large' }) {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('spin');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const sizeCls = size === 'large' ? ` ${prefixCls}-lg` : '';
  return (
    <div
      className={`${prefixCls}${sizeCls} ${prefixCls}-spinning ${prefixCls}-section ${hashId} ${cssVarCls}`}
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
