import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pickLang, type Lang } from '@portal/contracts/i18n';

/** One chunk per language: a visit downloads only the language it shows. */
const BUNDLES: Record<Lang, () => Promise<{ bundle: Record<string, unknown> }>> = {
  'zh-CN': () => import('./zh-CN/index'),
  'en-US': () => import('./en-US/index'),
  'zh-TW': () => import('./zh-TW/index'),
};

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The chosen language: the `lang` cookie, else the browser's, else zh-CN. */
export function currentLang(): Lang {
  return pickLang(readCookie('lang'), navigator.language);
}

/** Stores the choice in the `lang` cookie (the server reads it too). */
export function storeLang(lang: Lang): void {
  document.cookie = `lang=${lang}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

export async function initI18n(lang: Lang = currentLang()) {
  const { bundle } = await BUNDLES[lang]();
  await i18next.use(initReactI18next).init({
    // Every language is complete (checked by the type check and resources.test.ts): no fallback needed.
    resources: { [lang]: bundle } as Record<string, Record<string, object>>,
    lng: lang,
    fallbackLng: false,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnObjects: true,
  });
  document.documentElement.lang = lang;
  return i18next;
}
