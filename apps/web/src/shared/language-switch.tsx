import { Suspense, lazy, startTransition, useState } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@portal/contracts/i18n';
import { storeLang } from '../i18n/index';

// antd's Dropdown and Menu are most of this control's weight and only matter once someone reaches
// for it: they load on the first hover, focus or click.
const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));

/**
 * The language switch: stores the choice in the `lang` cookie and reloads; with
 * jumpToHome it goes to /mainIndex first and reloads 200 ms later.
 */
export function LanguageSwitch({ jumpToHome = false, dark = false }: { jumpToHome?: boolean; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  // Null until someone reaches for the switch; then whether the menu should show as soon as it
  // arrives (the pointer is still on the button, or it was clicked) and whether the button has the
  // focus, which it keeps when the menu's version replaces it. Read once, when the menu mounts.
  const [menu, setMenu] = useState<{ open: boolean; focused: boolean } | null>(null);
  // A transition keeps this button on screen while the menu's code loads.
  const want = (change: Partial<{ open: boolean; focused: boolean }>) =>
    startTransition(() => setMenu((m) => ({ open: false, focused: false, ...m, ...change })));
  const choose = (lang: Lang) => {
    storeLang(lang);
    if (jumpToHome) {
      window.history.pushState(null, '', '/mainIndex');
      setTimeout(() => window.location.reload(), 200);
    } else {
      window.location.reload();
    }
  };
  const current = i18n.language as Lang;
  const button = (autoFocus: boolean) => (
    <Button
      type="text"
      icon={<GlobalOutlined aria-hidden />}
      aria-haspopup="menu"
      style={dark ? undefined : { color: 'inherit' }}
      autoFocus={autoFocus}
      onPointerEnter={() => want({ open: true })}
      onPointerLeave={() => want({ open: false })}
      onFocus={() => want({ focused: true })}
      onBlur={() => want({ focused: false })}
      onClick={() => want({ open: true })}
    >
      {/* Named by what it shows, after what it is: "语言: 简体中文". */}
      <span className="sr-only">{`${t('language')}: `}</span>
      <span className="language-switch-name">{t(`languages.${current}`)}</span>
    </Button>
  );
  return (
    <Suspense fallback={button(false)}>
      {menu ? (
        <LanguageMenu
          initiallyOpen={menu.open}
          selected={current}
          items={LANGS.map((lang) => ({ key: lang, label: t(`languages.${lang}`) }))}
          onChoose={choose}
        >
          {button(menu.focused)}
        </LanguageMenu>
      ) : (
        button(false)
      )}
    </Suspense>
  );
}
