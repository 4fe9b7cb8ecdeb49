import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../api/client';
import { dropFirstScreen, takeFirstScreenData } from '../shared/first-screen';
import { prefetchCurrentUser } from '../shared/use-current-user';
import { currentLang, initI18n } from '../i18n/index';
import { loadLocale } from './locale';
import { Providers, queryClient } from './providers';
import { AppRouter, firstNamespaces } from './router';
import './global.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const lang = currentLang();
  takeFirstScreenData(queryClient);
  // A login entry (?token=…) checks its token before anyone asks who is signed in (guards.tsx).
  if (!new URLSearchParams(window.location.search).has('token')) prefetchCurrentUser(queryClient);
  const [settings, , locale] = await Promise.all([
    call(accountRoutes.publicSettings),
    initI18n(lang, firstNamespaces(window.location.pathname)),
    loadLocale(lang),
  ]);
  // A transition: the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (the server's first screen stays visible meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers locale={locale} settings={settings}>
          <AppRouter settings={settings} />
        </Providers>
      </StrictMode>,
    );
  });
  // The pages drop the server's first screen once they have rendered; should one never get there
  // (its code failed to load), the app underneath is shown anyway.
  setTimeout(dropFirstScreen, FIRST_SCREEN_LIMIT_MS);
}

const FIRST_SCREEN_LIMIT_MS = 20_000;

start().catch(() => {
  // The settings could not be read: say so plainly and offer a retry (no blank screen).
  dropFirstScreen();
  const el = document.getElementById('root')!;
  el.innerHTML =
    '<div style="min-height:100vh;display:grid;place-items:center;font-family:sans-serif;text-align:center">' +
    '<div><p>网络通信失败！ / Network communication failed!</p><button onclick="location.reload()">重试 / Retry</button></div></div>';
});
