import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@portal/contracts/i18n';
import { storeLang } from '../i18n/index';

/**
 * The portal top bar's language choice: a native select, so the first visit to a public page does
 * not download antd's dropdown and menu. Stores the choice in the `lang` cookie and reloads.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="portal-lang">
      <GlobalOutlined aria-hidden />
      <span className="sr-only">{t('language')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          storeLang(event.target.value as Lang);
          window.location.reload();
        }}
      >
        {LANGS.map((lang) => (
          <option key={lang} value={lang}>
            {t(`languages.${lang}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
