import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The title the last server render asked for: without a document, the server puts it into the
 * page it sends, so the tab and search engines read it in the reader's language from the start.
 */
let renderedTitle: string | null = null;

function noteRenderedTitle(title: string): void {
  renderedTitle = title;
}

/** The title a server render set, cleared for the next render. */
export function takeRenderedTitle(): string | null {
  const title = renderedTitle;
  renderedTitle = null;
  return title;
}

/** Sets the tab title to "<page> - <app name>", or the app name alone for null. */
export function useDocumentTitle(page: string | null | undefined): void {
  const { t } = useTranslation();
  const appName = t('appName');
  const title = page ? `${page} - ${appName}` : appName;
  // Rendering on the server is the one place without a document; there is no effect to wait for.
  if (typeof document === 'undefined') noteRenderedTitle(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
