import { useContext } from 'react';
import { ConfigProvider } from 'antd';
import useStyle from 'antd/es/skeleton/style';

/** The skeleton's class prefix and the classes of its styles, which antd's hook writes once. */
function useSkeletonClasses() {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('skeleton');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  return { prefixCls, styleCls: `${hashId} ${cssVarCls}` };
}

/**
 * A block of text on its way: a title and `rows` lines (the last one shorter unless there is an
 * avatar), after a round avatar when `avatar` is set, shimmering. It is
 * `<Skeleton active avatar={avatar} paragraph={{ rows }} />`'s markup and styles without the
 * component, whose other parts (buttons, images, nodes) the pages never show.
 */
export function TextSkeleton({ rows, avatar = false }: { rows: number; avatar?: boolean }) {
  const { prefixCls, styleCls } = useSkeletonClasses();
  const root = avatar ? `${prefixCls} ${prefixCls}-with-avatar ${prefixCls}-active` : `${prefixCls} ${prefixCls}-active`;
  return (
    <div className={`${root} ${styleCls}`}>
      {avatar && (
        <div className={`${prefixCls}-header`}>
          <span className={`${prefixCls}-avatar ${prefixCls}-avatar-lg ${prefixCls}-avatar-circle`} />
        </div>
      )}
      <div className={`${prefixCls}-section`}>
        <h3 className={`${prefixCls}-title`} style={{ width: avatar ? '50%' : '38%' }} />
        <ul className={`${prefixCls}-paragraph`}>
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} style={{ width: !avatar && i === rows - 1 ? '61%' : undefined }} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** A small field's outline on its way, shimmering: `<Skeleton.Input active size="small" />` without the component. */
export function InputSkeleton() {
  const { prefixCls, styleCls } = useSkeletonClasses();
  return (
    <div className={`${prefixCls} ${prefixCls}-element ${prefixCls}-active ${styleCls}`}>
      <span className={`${prefixCls}-input ${prefixCls}-input-sm`} />
    </div>
  );
}
