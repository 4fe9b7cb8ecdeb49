import type { ThemeConfig } from 'antd';
import darkAlgorithm from 'antd/es/theme/themes/dark';
import defaultAlgorithm from 'antd/es/theme/themes/default';

/** The one theme object: `lightblue` by default (DESIGN.md). */
const PRIMARY: Record<string, string> = { lightblue: '#1668dc', green: '#389e0d', dark: '#1668dc' };
/** Links of every theme: 5.2:1 on white, where antd's default link blue (#1677ff) has 4.1:1, under 4.5:1. */
const LINK = '#1668dc';

export const FONT_FAMILY = '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", -apple-system, "Segoe UI", sans-serif';

/**
 * Text on the light themes at 4.5:1 or more on white and on the tags' pale backgrounds (WCAG AA):
 * antd's secondary text (#8c8c8c, 3.4:1), placeholders and empty-table text (#bfbfbf, 1.8:1), the
 * error red (#ff4d4f, 3.3:1) and the tags' colour-7 texts (gold 2.8:1, green 3.4:1) are below it.
 * The tags read their text from the palettes' seventh shade, so that shade is the eighth here.
 */
/** The palettes' seventh shades (tag text) made darker; antd names each shade twice (green7, green-7). */
const DARKER_SEVENTH: Record<string, string> = {
  green: '#237804',
  gold: '#874d00',
  orange: '#ad4e00',
  cyan: '#006d75',
  lime: '#3f6600',
  yellow: '#876800',
  volcano: '#ad2102',
  blue: '#0958d9',
};
const READABLE_LIGHT = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorError: '#cf1322',
  ...Object.fromEntries(
    Object.entries(DARKER_SEVENTH).flatMap(([palette, shade]) => [
      [`${palette}7`, shade],
      [`${palette}-7`, shade],
    ]),
  ),
};
/** The tags' status colours (success, processing, warning, error) as text on their pale backgrounds. */
const READABLE_TAG = { colorSuccess: '#237804', colorInfo: '#0958d9', colorWarning: '#874d00', colorError: '#cf1322' } as const;

export function buildTheme(name: string): ThemeConfig {
  const light = name !== 'dark';
  return {
    algorithm: light ? defaultAlgorithm : darkAlgorithm,
    token: {
      colorPrimary: PRIMARY[name] ?? PRIMARY.lightblue,
      colorLink: LINK,
      colorBgLayout: '#f3f5f9',
      borderRadius: 6,
      fontSize: 14,
      fontFamily: FONT_FAMILY,
      ...(light ? READABLE_LIGHT : {}),
    },
    components: {
      Layout: { headerHeight: 50, headerPadding: '0 16px' },
      // The empty table's words are read, not disabled: they take the readable tertiary colour.
      ...(light ? { Tag: READABLE_TAG, Table: { colorTextDisabled: READABLE_LIGHT.colorTextTertiary } } : {}),
    },
  };
}
