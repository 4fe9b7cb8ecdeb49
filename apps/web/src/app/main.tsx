import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { accountEndpoints } from '@portal/contracts/account';
import { call } from '../api/client';
import { currentLang, initI18n } from '../i18n/index';
import { Providers } from './providers';
import { createRouter } from './router';
import './global.css';

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const lang = currentLang();
  const [settings] = await Promise.all([call(accountEndpoints.publicSettings), initI18n(lang)]);
  const router = createRouter(settings);
  root.render(
    <StrictMode>
      <Providers lang={lang} settings={settings}>
        <RouterProvider router={router} />
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
