import { useState } from 'react';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contracts/account';
import { userRoutes } from '@portal/contracts/routes/user';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../api/client';
import { useThemeToken } from '../shared/use-theme-token';

interface LockScreenProps {
  user: CurrentUser;
  /** Turns a typed password into what travels (encrypted with webEncryptType=rsa). */
  transport: (password: string) => Promise<string>;
  onUnlocked: () => void;
  onLogout?: () => void;
}

/** The unlock prompt over the whole shell while the session is locked (-5). */
export function LockScreen({ user, transport, onUnlocked, onLogout }: LockScreenProps) {
  const { t } = useTranslation('shell');
  const token = useThemeToken();
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const unlock = async ({ password }: { password: string }) => {
    if (busy) return;
    setBusy(true);
    try {
      await call(userRoutes.unlock, { body: { password: await transport(password) }, quiet: true });
      form.resetFields();
      onUnlocked();
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'network')
        form.setFields([{ name: 'password', errors: [err.message || t('lock.failed')] }]);
      else form.setFields([{ name: 'password', errors: [t('lock.failed')] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="shell-lock" role="dialog" aria-modal="true" aria-labelledby="lock-title" data-testid="lock-screen">
      <div
        className="shell-lock-card"
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadow }}
      >
        <Avatar size={64} style={{ background: token.colorPrimary }} icon={<LockOutlined />} />
        <Typography.Title level={4} id="lock-title" style={{ margin: '12px 0 4px' }}>
          {t('lock.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('lock.text', { name: user.nickName })}</Typography.Text>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={unlock} style={{ width: '100%', marginTop: 20 }}>
          <Form.Item name="password" label={t('lock.password')} rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password autoFocus maxLength={LIMITS.passwordMax} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} icon={<UnlockOutlined />}>
            {t('lock.unlock')}
          </Button>
        </Form>
        {onLogout && (
          <Button type="link" onClick={onLogout} style={{ marginTop: 8 }}>
            {t('lock.logoutInstead')}
          </Button>
        )}
      </div>
    </div>
  );
}
