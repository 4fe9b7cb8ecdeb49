import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> - <app name>", or the app name alone for null. */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = page ? `${page} - ${appName}` : appName;
  }, [page, appName]);
}
