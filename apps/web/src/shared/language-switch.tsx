import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@portal/contracts/i18n';
import { storeLang } from '../i18n/index';

/**
 * The language switch: stores the choice in the `lang` cookie and reloads; with
 * jumpToHome it goes to /mainIndex first and reloads 200 ms later.
 */
export function LanguageSwitch({ jumpToHome = false, dark = false }: { jumpToHome?: boolean; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const choose = (lang: Lang) => {
    storeLang(lang);
    if (jumpToHome) {
      window.history.pushState(null, '', '/mainIndex');
      setTimeout(() => window.location.reload(), 200);
    } else {
      window.location.reload();
    }
  };
  return (
    <Dropdown
      menu={{
        selectedKeys: [i18n.language],
        items: LANGS.map((lang) => ({ key: lang, label: t(`languages.${lang}`) })),
        onClick: ({ key }) => choose(key as Lang),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language')} style={dark ? undefined : { color: 'inherit' }}>
        {t(`languages.${i18n.language as Lang}`)}
      </Button>
    </Dropdown>
  );
}
