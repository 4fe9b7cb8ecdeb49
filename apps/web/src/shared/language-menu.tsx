import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import type { Lang } from '@portal/contracts/i18n';

/** The language switch's menu (loaded by language-switch.tsx when first wanted). */
export function LanguageMenu({
  initiallyOpen,
  selected,
  items,
  onChoose,
  children,
}: {
  initiallyOpen: boolean;
  selected: Lang;
  items: { key: Lang; label: string }[];
  onChoose: (lang: Lang) => void;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown open={open} onOpenChange={setOpen} menu={{ selectedKeys: [selected], items, onClick: ({ key }) => onChoose(key as Lang) }}>
      {children}
    </Dropdown>
  );
}
