import { useTranslation } from 'react-i18next';

/**
 * A bidder's alias in the reader's language. The server names bidders 竞买人 N (fixed per space,
 * the same for everyone); a reader in English sees "Bidder N". Any other text is shown as it is.
 */
export function useAliasLabel(): (alias: string | null | undefined) => string {
  const { t } = useTranslation('auction');
  return (alias) => {
    if (!alias) return '';
    const n = /^竞买人\s*(\d+)$/.exec(alias)?.[1];
    return n ? t('alias', { n }) : alias;
  };
}
