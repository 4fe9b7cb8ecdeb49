import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@portal/contracts/i18n';

/** The interface language, for the labels the contracts carry in all three languages. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : 'zh-CN';
}
