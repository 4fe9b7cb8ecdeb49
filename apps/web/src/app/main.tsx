import { createRoot } from 'react-dom/client';
import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../api/client';
import { dropFirstScreen, takeFirstScreenData } from '../shared/first-screen';
import { prefetchCurrentUser } from '../shared/use-current-user';
import { currentLang, initI18n } from '../i18n/index';
import { loadLocale } from './locale';
import { firstNamespaces } from './namespaces';
import { queryClient } from './query-client';
import './global.css';

/** The next task: what ran so far and what runs next are two tasks, with input handled between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The start, in two parts. This one (React DOM, the query cache, i18next) asks for the settings,
 * the current user and the texts; antd, the router and the pages (./app) are evaluated in a later
 * task. Evaluating all the code at once was the longest task of a first visit; the build preloads
 * ./app's files with the entry's (vite.config.ts), so the split costs no round trip.
 */
async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const lang = currentLang();
  takeFirstScreenData(queryClient);
  // A login entry (?token=…) checks its token before anyone asks who is signed in (guards.tsx).
  if (!new URLSearchParams(window.location.search).has('token')) prefetchCurrentUser(queryClient);
  const ready = Promise.all([
    call(accountRoutes.publicSettings),
    initI18n(lang, firstNamespaces(window.location.pathname)),
    loadLocale(lang),
  ]);
  await nextTask();
  const [{ renderApp }, [settings, , locale]] = await Promise.all([import('./app'), ready]);
  renderApp(root, settings, locale);
}

start().catch(() => {
  // The settings could not be read: say so plainly and offer a retry (no blank screen).
  dropFirstScreen();
  const el = document.getElementById('root')!;
  el.innerHTML =
    '<div style="min-height:100vh;display:grid;place-items:center;font-family:sans-serif;text-align:center">' +
    '<div><p>网络通信失败！ / Network communication failed!</p><button onclick="location.reload()">重试 / Retry</button></div></div>';
});
