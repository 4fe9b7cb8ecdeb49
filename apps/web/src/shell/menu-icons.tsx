import type { ComponentType } from 'react';
import * as ICON_SET from './menu-icon-set';

/** An unknown name falls back to a neutral icon. */
const ICONS: Record<string, ComponentType> = ICON_SET;

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? ICON_SET.AppstoreOutlined;
  return <Icon aria-hidden />;
}
