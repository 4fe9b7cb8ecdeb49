import { useState } from 'react';
import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginAnswer } from '@portal/contracts/account';
import type { Lang } from '@portal/contracts/i18n';
import { accountRoutes } from '@portal/contracts/routes/account';
import { mobileSchema } from '@portal/contracts/validation';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { schemaReasonRule } from './form-rules';
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
  const { message } = useFeedback();
  const [form] = Form.useForm<MobileForm>();
  const [loading, setLoading] = useState(false);
  // The token getVerifyCode answered, and the mobile it is bound to.
  const [sent, setSent] = useState<{ mobile: string; token: string } | null>(null);

  const sendCode = async ({ cc, code }: { cc: string; code: string }) => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    const answer = await call(accountRoutes.getVerifyCode, {
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
      const answer = await call(accountRoutes.submitLogin, {
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
        rules={[{ required: true, whitespace: true, message: t('mobileRequired') }, schemaReasonRule(mobileSchema, lang)]}
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
      {/* The spinner shows for answers slower than 200 ms only: a refusal that came back within a few
          frames stopped antd's loading-icon motion half-way and left the hidden icon in the button's name. */}
      <Button type="primary" htmlType="submit" block loading={loading ? { delay: 200 } : false}>
        {t('submit')}
      </Button>
    </Form>
  );
}
