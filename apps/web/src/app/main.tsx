import { createRoot } from 'react-dom/client';
import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../api/client';
import { storeTimeZone } from '../shared/cookies';
import { cspNonce, stampStyleElements } from '../shared/csp-nonce';
import { dropFirstScreen, takeFirstScreenData } from '../shared/first-screen';
import { prefetchCurrentUser } from '../shared/use-current-user';
import { currentLang, initI18n } from '../i18n/index';
import { loadLocale } from './locale';
import { firstNamespaces } from './namespaces';
import { queryClient } from './query-client';
import './global.css';

// zod would try `new Function` to speed up checks; the page's policy runs no generated code, and
// each refused try is reported as a violation. Its plain checks are fast enough for our answers.
// zod keeps its configuration in this global (every copy shares it, whichever loads first), so
// the start sets it without downloading zod, which no first screen needs.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

/** The next task: what ran so far and what runs next are two tasks, with input handled between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The start, in two parts. This one (React DOM, the query cache, i18next) asks for the settings,
 * the current user and the texts; antd, the router and the pages (./app) are evaluated in a later
 * task. Evaluating all the code at once was the longest task of a first visit; the build preloads
 * ./app's files with the entry's (vite.config.ts), so the split costs no round trip.
 */
async function start(): Promise<void> {
  stampStyleElements(cspNonce());
  storeTimeZone();
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
  // Built from elements: the page's policy runs no inline event handler.
  const box = document.createElement('div');
  box.style.cssText = 'min-height:100vh;display:grid;place-items:center;font-family:sans-serif;text-align:center';
  const text = document.createElement('p');
  text.textContent = '网络通信失败！ / Network communication failed! / 網路通訊失敗！';
  const retry = document.createElement('button');
  retry.textContent = '重试 / Retry / 重試';
  retry.addEventListener('click', () => window.location.reload());
  const inner = document.createElement('div');
  inner.append(text, retry);
  box.append(inner);
  document.getElementById('root')!.replaceChildren(box);
});
