/** The three interface languages; zh-CN is the default and the source text. */
export const LANGS = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

/** Text in every language. */
export type Localized = Record<Lang, string>;

/** Picks a supported language from a cookie value or an Accept-Language header. */
export function pickLang(cookie: string | undefined, acceptLanguage: string | undefined): Lang {
  if (cookie && (LANGS as readonly string[]).includes(cookie)) return cookie as Lang;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANG;
}

/** Fills `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
