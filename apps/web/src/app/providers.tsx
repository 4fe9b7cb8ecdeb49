import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import type { PublicSettings } from '@portal/contracts/settings';
import { cspNonce } from '../shared/csp-nonce';
import { FeedbackProvider } from '../shared/feedback';
import { SettingsProvider } from '../shared/settings';
import { queryClient } from './query-client';
import { buildTheme } from './theme';
import { useThemeToken } from '../shared/use-theme-token';

/** antd's style elements carry the page's nonce (none where the server renders the first screen). */
const CSP = typeof document === 'undefined' ? undefined : { nonce: cspNonce() };

/** The base text of every page from the theme: colour, size, line height and font. */
function BaseText({ children }: { children: ReactNode }) {
  const token = useThemeToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

/** Theme, locale, toasts and confirmations (top-centre, 3 s), settings and the query cache. */
export function Providers({
  locale,
  settings,
  client = queryClient,
  children,
}: {
  locale: Locale;
  settings: PublicSettings;
  /** The browser's one query cache unless told (the server's first screen uses its own per render). */
  client?: QueryClient;
  children: ReactNode;
}) {
  return (
    <SettingsProvider value={settings}>
      <ConfigProvider locale={locale} theme={buildTheme(settings.theme)} csp={CSP}>
        <FeedbackProvider>
          <BaseText>
            <QueryClientProvider client={client}>{children}</QueryClientProvider>
          </BaseText>
        </FeedbackProvider>
      </ConfigProvider>
    </SettingsProvider>
  );
}
