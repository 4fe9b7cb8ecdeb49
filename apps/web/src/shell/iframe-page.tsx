import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { frameSource, type MenuRoute } from './menus';
import { loadSubsystem, subsystemNamespace, type SubsystemModule } from './subsystems';

/** A menu of type iframe: the menu's page (URL encoded, menu_arg in the query) in an embedded frame. */
export function IframePage({ route }: { route: MenuRoute }) {
  const code = route.menu.system_code;
  const { t, i18n } = useTranslation('shell');
  const [loaded, setLoaded] = useState(false);
  const [subsystem, setSubsystem] = useState<SubsystemModule | null>(null);
  useEffect(() => {
    let live = true;
    void loadSubsystem(code).then((module) => {
      if (live) setSubsystem(module);
    });
    return () => {
      live = false;
    };
  }, [code]);
  const ns = subsystemNamespace(code);
  const text = (key: string, fallback: string, params?: Record<string, string>) =>
    subsystem && i18n.exists(`${ns}:${key}`) ? t(`${ns}:${key}`, params) : fallback;
  const minHeight = Number(subsystem?.settings.frameMinHeight ?? 480);
  return (
    <div className="shell-frame" style={{ minHeight }}>
      {!loaded && (
        <div className="shell-frame-loading" role="status">
          <Spin tip={text('loading', t('frame.loading'))}>
            <div style={{ width: 240, height: 80 }} />
          </Spin>
        </div>
      )}
      <iframe
        src={frameSource(route.menu, route.arg)}
        title={text('frameTitle', route.menu.title, { title: route.menu.title })}
        onLoad={() => setLoaded(true)}
        style={{ minHeight }}
      />
    </div>
  );
}
