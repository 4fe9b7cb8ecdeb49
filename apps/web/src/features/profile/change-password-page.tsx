import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShellSession } from '../../shared/session-context';
import { ChangePasswordForm } from './change-password-form';

/** 修改密码: the password change as a page of the personal centre. */
export function ChangePasswordPage() {
  const { t } = useTranslation('profile');
  const session = useShellSession();
  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('password.title')}
        </Typography.Title>
      }
      className="profile-card"
    >
      <Alert type="info" showIcon title={t('password.notice')} style={{ marginBottom: 24, maxWidth: 480 }} />
      <ChangePasswordForm transport={session.transportPassword} onChanged={session.forceLogout} />
    </Card>
  );
}
