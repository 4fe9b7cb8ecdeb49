import type { ThemeConfig } from 'antd';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';

/** The one theme object: `lightblue` by default (DESIGN.md). */
const PRIMARY: Record<string, string> = { lightblue: '#1668dc', green: '#389e0d', dark: '#1668dc' };
/** Links of every theme: 5.2:1 on white, where antd's default link blue (#1677ff) has 4.1:1, under 4.5:1. */
const LINK = '#1668dc';

export const FONT_FAMILY = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", -apple-system, "Segoe UI", sans-serif';

export function buildTheme(name: string): ThemeConfig {
  return {
    algorithm: name === 'dark' ? darkAlgorithm : defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY[name] ?? PRIMARY.lightblue,
      colorLink: LINK,
      colorBgLayout: '#f3f5f9',
      borderRadius: 6,
      fontSize: 14,
      fontFamily: FONT_FAMILY,
    },
    components: {
      Layout: { headerHeight: 50, headerPadding: '0 16px' },
    },
  };
}
