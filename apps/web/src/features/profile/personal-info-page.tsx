import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShellSession } from '../../shared/session-context';
import { PersonalInfoForm } from './personal-info-form';

/** 个人信息: the personal-info editor as a page of the personal centre. */
export function PersonalInfoPage() {
  const { t } = useTranslation('profile');
  const session = useShellSession();
  return (
    <Card
      title={
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('info.title')}
        </Typography.Title>
      }
      className="profile-card"
    >
      <Typography.Paragraph type="secondary">{t('info.intro')}</Typography.Paragraph>
      <PersonalInfoForm user={session.user} onSaved={() => void session.refreshUser()} />
    </Card>
  );
}
