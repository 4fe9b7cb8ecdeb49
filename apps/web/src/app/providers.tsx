import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Lang } from '@portal/contracts/i18n';
import type { PublicSettings } from '@portal/contracts/settings';
import { SettingsProvider } from '../shared/settings';
import { buildTheme } from './theme';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };
const DAYJS_LOCALES: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** Theme, locale, toasts (top-centre, 3 s), settings and the query cache. */
export function Providers({ lang, settings, children }: { lang: Lang; settings: PublicSettings; children: ReactNode }) {
  dayjs.locale(DAYJS_LOCALES[lang]);
  return (
    <SettingsProvider value={settings}>
      <ConfigProvider locale={ANTD_LOCALES[lang]} theme={buildTheme(settings.theme)}>
        <AntApp message={{ top: 24, duration: 3, maxCount: 3 }}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </SettingsProvider>
  );
}
