import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from '@portal/contracts/i18n';

/**
 * antd's component texts for one language. Loaded at start like the translations, one chunk per
 * language, so a visit does not download the other two. (dayjs's calendar words are needed by the
 * date pickers only: shared/resource/fields.tsx loads them.)
 */
const LOCALES: Record<Lang, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  // antd's own default, part of its core already.
  'en-US': async () => ({ default: enUS }),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

/** Loads the antd locale of `lang`. */
export async function loadLocale(lang: Lang): Promise<Locale> {
  return (await LOCALES[lang]()).default;
}
