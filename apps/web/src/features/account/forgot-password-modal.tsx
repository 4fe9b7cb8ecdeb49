import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@portal/contracts/i18n';
import { registrationRoutes } from '@portal/contracts/routes/registration';
import { accountNameSchema } from '@portal/contracts/validation';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { createPasswordTransport } from '../../shared/password-transport';
import { useSettings } from '../../shared/settings';
import { confirmRule, passwordRuleRule, schemaReasonRule } from './form-rules';
import { PasswordStrength } from './password-strength';
import { SmsCodeField } from './sms-code-field';
import './account-dialogs.css';

interface ForgotForm {
  user_account: string;
  password: string;
  confirm: string;
  sms_code: string;
}

const STEP1: (keyof ForgotForm)[] = ['user_account', 'password', 'confirm'];
const BACK_TO_STEP1 = ['111003', '111004'];

/** Password reset by SMS, two steps. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { t: tl } = useTranslation('login');
  const { t: tc } = useTranslation();
  const lang = i18n.language as Lang;
  const settings = useSettings();
  const { message } = useFeedback();
  const [form] = Form.useForm<ForgotForm>();
  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [maskedMobile, setMaskedMobile] = useState('');
  const [resetKey, setResetKey] = useState(0);
  const password = Form.useWatch('password', form);

  const reset = () => {
    form.resetFields();
    setMaskedMobile('');
    setStep(0);
    setResetKey((k) => k + 1);
  };
  const close = () => {
    reset();
    onClose();
  };
  const account = () => String(form.getFieldValue('user_account') ?? '').trim();

  /** Step 1 passes when the fields are valid and the account exists; its mobile comes with the answer. */
  const next = async () => {
    try {
      await form.validateFields(STEP1);
    } catch {
      return;
    }
    setChecking(true);
    try {
      setMaskedMobile(await call(registrationRoutes.getMobileByAccount, { body: { userAccount: account() }, quiet: true }));
      setStep(1);
    } catch (err) {
      const text = err instanceof ApiError && err.message ? err.message : tc('networkError');
      if (err instanceof ApiError && (err.code === '111102' || err.code === '111122'))
        form.setFields([{ name: 'user_account', errors: [text] }]);
      else message.error(text);
    } finally {
      setChecking(false);
    }
  };

  const sendCode = async ({ cc, code }: { cc: string; code: string }) => {
    await call(registrationRoutes.sendForgetSmsCode, {
      body: { user_account: account(), mobile: maskedMobile, req_session_id: cc, check_code: code },
      quiet: true,
    });
  };

  const submit = async () => {
    try {
      await form.validateFields(['sms_code']);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ForgotForm;
    setSubmitting(true);
    try {
      await call(registrationRoutes.forgetResetPwd, {
        body: {
          user_account: account(),
          mobile: maskedMobile,
          sms_code: values.sms_code.trim(),
          new_pwd: await createPasswordTransport(settings.webEncryptType)(values.password),
        },
        quiet: true,
      });
      message.success(t('forgot.success'));
      close();
    } catch (err) {
      form.setFieldValue('sms_code', '');
      const text = err instanceof ApiError && err.message ? err.message : tc('networkError');
      message.error(text);
      form.setFields([{ name: 'sms_code', errors: [text] }]);
    } finally {
      setSubmitting(false);
    }
  };

  const footer =
    step === 0 ? (
      <Button type="primary" loading={checking} onClick={() => void next()}>
        {t('wizard.next')}
      </Button>
    ) : (
      <Space>
        <Button onClick={() => setStep(0)}>{t('wizard.prev')}</Button>
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          {t('forgot.submit')}
        </Button>
      </Space>
    );

  return (
    <Modal title={t('forgot.title')} open={open} onCancel={close} footer={footer} width={520} mask={{ closable: false }}>
      <Steps size="small" current={step} items={[{ title: t('forgot.step1') }, { title: t('forgot.step2') }]} className="account-steps" />
      <Form<ForgotForm>
        form={form}
        name="forgot"
        layout="vertical"
        requiredMark={false}
        className="account-form"
        onFinish={() => void (step === 0 ? next() : submit())}
      >
        {step === 0 ? (
          <>
            <Form.Item
              name="user_account"
              label={t('fields.username')}
              rules={[
                { required: true, whitespace: true, message: t('fields.usernameRequired') },
                schemaReasonRule(accountNameSchema, lang),
              ]}
            >
              <Input maxLength={LIMITS.usernameMax} placeholder={tl('usernamePlaceholder')} autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('fields.newPassword')}
              extra={<PasswordStrength value={password} />}
              rules={[{ required: true, message: t('fields.passwordRequired') }, passwordRuleRule(settings.passwordRule, lang)]}
            >
              <Input.Password maxLength={LIMITS.passwordMax} placeholder={t('fields.passwordPlaceholder')} autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('fields.confirmPassword')}
              dependencies={['password']}
              rules={[{ required: true, message: t('fields.confirmRequired') }, confirmRule('password', lang)]}
            >
              <Input.Password maxLength={LIMITS.passwordMax} placeholder={t('fields.confirmPlaceholder')} autoComplete="new-password" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label={t('forgot.mobile')}>
              <Input value={maskedMobile} readOnly variant="filled" aria-label={t('forgot.mobile')} className="tabular" />
            </Form.Item>
            <SmsCodeField
              name="sms_code"
              label={t('sms.label')}
              requiredMessage={t('sms.required')}
              scope="forgot"
              resetKey={resetKey}
              send={sendCode}
              onRefused={(error) => {
                if (BACK_TO_STEP1.includes(error.code)) setStep(0);
              }}
              onFailed={() => setStep(1)}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
