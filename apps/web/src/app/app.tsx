import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { Locale } from 'antd/es/locale';
import type { PublicSettings } from '@portal/contracts/settings';
import { dropFirstScreen } from '../shared/first-screen';
import { Providers } from './providers';
import { AppRouter } from './router';

const FIRST_SCREEN_LIMIT_MS = 20_000;

/** Renders the app (theme, locale, settings, query cache, routes) into `root`. */
export function renderApp(root: Root, settings: PublicSettings, locale: Locale): void {
  // A transition: the first render yields to the browser between parts of the tree instead of
  // holding the main thread for all of it (the server's first screen stays visible meanwhile).
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
