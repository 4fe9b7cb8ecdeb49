import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../api/client';
import { prefetchCurrentUser } from '../shared/use-current-user';
import { currentLang, initI18n } from '../i18n/index';
import { loadLocale } from './locale';
import { Providers, queryClient } from './providers';
import { AppRouter, firstNamespaces } from './router';
import './global.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const lang = currentLang();
  // A login entry (?token=…) checks its token before anyone asks who is signed in (guards.tsx).
  if (!new URLSearchParams(window.location.search).has('token')) prefetchCurrentUser(queryClient);
  const [settings, , locale] = await Promise.all([
    call(accountRoutes.publicSettings),
    initI18n(lang, firstNamespaces(window.location.pathname)),
    loadLocale(lang),
  ]);
  root.render(
    <StrictMode>
      <Providers locale={locale} settings={settings}>
        <AppRouter settings={settings} />
      </Providers>
    </StrictMode>,
  );
}

start().catch(() => {
  // The settings could not be read: say so plainly and offer a retry (no blank screen).
  const el = document.getElementById('root')!;
  el.innerHTML =
    '<div style="min-height:100vh;display:grid;place-items:center;font-family:sans-serif;text-align:center">' +
    '<div><p>网络通信失败！ / Network communication failed!</p><button onclick="location.reload()">重试 / Retry</button></div></div>';
});
