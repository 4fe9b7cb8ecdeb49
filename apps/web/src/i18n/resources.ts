import type { Lang } from '@portal/contracts/i18n';
import { bundle as enUS } from './en-US/index';
import { bundle as zhCN } from './zh-CN/index';
import { bundle as zhTW } from './zh-TW/index';

/**
 * Every namespace in every language. zh-CN is the source; the other two are typed against it, so
 * a missing key fails the type check, and resources.test.ts checks the same at run time. A new
 * namespace is one file per language and one line in each language's index.ts.
 */
export const resources = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } satisfies Record<Lang, typeof zhCN>;

export type Namespace = keyof typeof zhCN;
