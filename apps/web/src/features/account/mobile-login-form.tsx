import { useState } from 'react';
import { MobileOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountEndpoints, type LoginAnswer } from '@portal/contracts/account';
import type { Lang } from '@portal/contracts/i18n';
import { LIMITS, mobileSchema } from '@portal/contracts/validation';
import { ApiError, call } from '../../api/client';
import { schemaRule } from './form-rules';
import { SmsCodeField } from './sms-code-field';

interface MobileForm {
  mobile: string;
  verify_code: string;
}

/** Login mode (a): mobile, picture code (in the SMS popup) and SMS code. */
export function MobileLoginForm({ onSignedIn }: { onSignedIn: (answer: LoginAnswer) => Promise<void> }) {
  const { t, i18n } = useTranslation('login');
  const { t: ta } = useTranslation('account');
  const { t: tc } = useTranslation();
  const lang = i18n.language as Lang;
  const { message } = App.useApp();
  const [form] = Form.useForm<MobileForm>();
  const [loading, setLoading] = useState(false);
  // The token getVerifyCode answered, and the mobile it is bound to.
  const [sent, setSent] = useState<{ mobile: string; token: string } | null>(null);

  const sendCode = async ({ cc, code }: { cc: string; code: string }) => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    const answer = await call(accountEndpoints.getVerifyCode, {
      body: { mobile, check_code: code, req_session_id: cc, terminalType: 'pc' },
    });
    setSent({ mobile, token: answer.checkCodeToken });
  };

  const onFinish = async (values: MobileForm) => {
    const mobile = values.mobile.trim();
    if (!sent || sent.mobile !== mobile) {
      form.setFields([{ name: 'verify_code', errors: [ta('sms.sendFirst')] }]);
      return;
    }
    setLoading(true);
    try {
      const answer = await call(accountEndpoints.submitLogin, {
        body: { account: mobile, verify_code: values.verify_code.trim(), verify_code_token: sent.token, terminal_type: 'pc' },
      });
      await onSignedIn(answer);
    } catch (err) {
      form.setFieldValue('verify_code', '');
      const text = err instanceof ApiError && err.message ? err.message : tc('networkError');
      message.error({ content: text, duration: 3 });
      form.setFields([{ name: 'verify_code', errors: [text] }]);
      if (err instanceof ApiError && err.code === '111110') setSent(null);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<MobileForm>
      form={form}
      name="mobile-login"
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void onFinish(v)}
      className="login-form"
      size="large"
    >
      <Form.Item
        name="mobile"
        label={t('mobile')}
        rules={[{ required: true, whitespace: true, message: t('mobileRequired') }, schemaRule(mobileSchema, lang)]}
      >
        <Input
          prefix={<MobileOutlined />}
          maxLength={LIMITS.mobileMax}
          inputMode="numeric"
          placeholder={t('mobilePlaceholder')}
          autoComplete="tel"
        />
      </Form.Item>
      <SmsCodeField
        name="verify_code"
        label={ta('sms.label')}
        requiredMessage={ta('sms.required')}
        scope="login"
        beforeSend={() =>
          form.validateFields(['mobile']).then(
            () => true,
            () => false,
          )
        }
        send={sendCode}
      />
      <Button type="primary" htmlType="submit" block loading={loading}>
        {t('submit')}
      </Button>
    </Form>
  );
}
