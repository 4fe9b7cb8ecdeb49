import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pickLang, type Lang } from '@portal/contracts/i18n';
import type { Namespace } from './resources';
import { readCookie } from '../shared/cookies';

/**
 * One chunk per language and namespace: a visit downloads the language it shows and only the
 * namespaces of the pages it opens. A component whose namespace has not arrived yet suspends
 * (useTranslation) until it has; the routes start their namespaces with their code.
 */
const FILES = import.meta.glob<Record<string, object>>(['./*/*.ts', '!./*/index.ts']);

const ALL_NAMESPACES: Namespace[] = [
  'common',
  'shell',
  'profile',
  'portal',
  'content',
  'trading',
  'browse',
  'resource',
  'admin',
  'login',
  'account',
  'trade',
  'tender',
  'auction',
  'contracts',
];

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, ns, done) {
    const load = FILES[`./${lang}/${ns}.ts`];
    // Namespaces a sub-system adds at run time (shell/subsystems.ts) have no file here.
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, (module[ns] ?? {}) as ResourceKey),
      (err: Error) => done(err, null),
    );
  },
};

/** The chosen language: the `lang` cookie, else the browser's, else zh-CN. */
export function currentLang(): Lang {
  return pickLang(readCookie('lang'), navigator.language);
}

/** Stores the choice in the `lang` cookie (the server reads it too). */
export function storeLang(lang: Lang): void {
  document.cookie = `lang=${lang}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/** Starts i18n in `lang` with `namespaces` loaded (every namespace unless told). */
export async function initI18n(lang: Lang = currentLang(), namespaces: Namespace[] = ALL_NAMESPACES) {
  // Every language is complete (checked by the type check and resources.test.ts): no fallback needed.
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: lang,
      // Only the chosen language is read: no 'zh' or 'dev' files exist to fall back on.
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['common', ...namespaces.filter((ns) => ns !== 'common')],
      defaultNS: 'common',
      // React escapes what it renders; escaping here too would show entities.
      interpolation: { escapeValue: false },
      // A component that names several namespaces finds a key in any of them, in the order named.
      react: { nsMode: 'fallback' },
    });
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  return i18next;
}

/** Loads more namespaces of the current language (a no-op for those already there). */
export function loadNamespaces(namespaces: Namespace[]): Promise<void> {
  return i18next.loadNamespaces(namespaces);
}

/** A lazily imported module, once it and the namespaces its components render with have both arrived. */
export async function withTexts<T>(module: Promise<T>, namespaces: Namespace[]): Promise<T> {
  const [loaded] = await Promise.all([module, loadNamespaces(namespaces)]);
  return loaded;
}
