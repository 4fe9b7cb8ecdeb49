import type { GlobalToken } from 'antd';
import { useToken } from 'antd/es/theme/internal';

/**
 * antd's design token in effect where it is called: `theme.useToken().token` without antd's
 * `theme` object, whose compact algorithm and token calculator every page would download.
 */
export function useThemeToken(): GlobalToken {
  return useToken()[1];
}
