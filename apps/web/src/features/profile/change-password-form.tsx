import { useRef, useState } from 'react';
import { Button, Form, Input, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { userRoutes } from '@portal/contracts/routes/user';
import { LIMITS, passwordMeetsRule, passwordStrength } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { useSettings } from '../../shared/settings';
import { useThemeToken } from '../../shared/use-theme-token';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPasswordCheck: string;
}

const STRENGTH = { weak: 1, general: 2, complex: 3 } as const;

/** The strength hint under the new password: weak (1 kind), general (2), complex (more). */
function StrengthHint({ password }: { password: string }) {
  const { t } = useTranslation('profile');
  const token = useThemeToken();
  const strength = passwordStrength(password);
  if (!strength) return null;
  const colour = { weak: token.colorError, general: token.colorWarning, complex: token.colorSuccess }[strength];
  return (
    <div className="profile-strength" aria-live="polite">
      <Progress percent={(STRENGTH[strength] / 3) * 100} steps={3} size="small" showInfo={false} strokeColor={colour} />
      <Typography.Text style={{ color: colour }}>{t('password.strength', { level: t(`password.${strength}`) })}</Typography.Text>
    </div>
  );
}

interface ChangePasswordFormProps {
  transport: (plain: string) => Promise<string>;
  /** Called after the server changed the password (every session has ended). */
  onChanged: () => void;
  onCancel?: () => void;
}

/** Old password, new password with strength hint, confirmation; success leads to a forced logout. */
export function ChangePasswordForm({ transport, onChanged, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const { passwordRule: rule } = useSettings();
  const [form] = Form.useForm<PasswordForm>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const inFlight = useRef(false);
  const [saving, setSaving] = useState(false);
  const ruleText = t('password.rule', { min: rule.minLength, max: rule.maxLength, kinds: rule.minKinds });

  const submit = async (values: PasswordForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const [pwd, resetedPwd] = await Promise.all([transport(values.oldPassword), transport(values.newPassword)]);
      await call(userRoutes.resetPwd, { body: { pwd, resetedPwd, pwdType: 'password' }, quiet: true });
      message.success({ content: t('password.changed'), duration: 3 });
      onChanged();
    } catch (err) {
      const text = err instanceof ApiError && err.message ? err.message : t('password.failed');
      if (err instanceof ApiError && (err.code === '111107' || err.code === '111301')) {
        form.setFields([{ name: err.code === '111107' ? 'oldPassword' : 'newPassword', errors: [text] }]);
      } else if (err instanceof ApiError && (err.code === '-5' || /^(-10[0-3]|900[4-7])$/.test(err.code))) {
        // The shell reacts to session codes itself (lock prompt, "confirm login").
      } else {
        message.error({ content: text, duration: 3 });
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      onFinish={submit}
      className="profile-form profile-password-form"
      data-testid="change-password-form"
    >
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password maxLength={LIMITS.passwordMax} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        extra={newPassword ? <StrengthHint password={newPassword} /> : ruleText}
        rules={[
          { required: true, message: t('password.newRequired') },
          {
            validator: async (_r, value: string | undefined) => {
              if (value && !passwordMeetsRule(value, rule)) throw new Error(ruleText);
            },
          },
        ]}
      >
        <Input.Password maxLength={rule.maxLength} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPasswordCheck"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password maxLength={rule.maxLength} autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('password.submit')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
      </Space>
    </Form>
  );
}
