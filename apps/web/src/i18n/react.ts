import { useMemo, useSyncExternalStore } from 'react';
import texts, { type TFunction, type Texts } from './texts';

/**
 * react-i18next's `useTranslation` over the app's translations (./texts.ts); the build and the type
 * check resolve `react-i18next` to this module. A component whose namespace has not arrived
 * suspends until it has, and every component using it renders again when the language changes.
 */
export function useTranslation(ns?: string | string[]): { t: TFunction; i18n: Texts; ready: true } {
  const namespaces = ns === undefined ? [texts.options.defaultNS] : Array.isArray(ns) ? ns : [ns];
  const key = namespaces.join('|');
  useSyncExternalStore(texts.subscribe, texts.getVersion, texts.getVersion);
  const missing = namespaces.filter((name) => !texts.hasLoadedNamespace(name));
  // Suspends: the nearest Suspense boundary shows its fallback until the texts are there.
  if (missing.length > 0) throw texts.loadNamespaces(missing);
  const language = texts.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `namespaces`; a new language is a new `t`.
  const t = useMemo(() => texts.getFixedT(language, namespaces), [key, language]);
  return { t, i18n: texts, ready: true };
}

/** What `i18next.use(initReactI18next)` is given: the hook needs no setting up. */
export const initReactI18next = { type: '3rdParty' as const };
