import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contracts/account';

/**
 * Tells an operator that this installation still accepts the demo accounts' published passwords,
 * so anybody who read the README can sign in. The server decides (operators only); closing it hides
 * it until the next page load, and it is gone for good once every demo password was changed.
 */
export function DemoDataBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('shell');
  if (!user.publishedDemoPasswords) return null;
  return <Alert className="shell-demo-banner" role="alert" type="warning" banner showIcon closable title={t('demoData.banner')} />;
}
