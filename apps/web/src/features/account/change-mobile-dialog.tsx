import { useState, type ClipboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@portal/contracts/i18n';
import { mobileChangeRoutes } from '@portal/contracts/routes/account';
import { mobileSchema } from '@portal/contracts/validation';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { createPasswordTransport } from '../../shared/password-transport';
import { useSettings } from '../../shared/settings';
import { schemaReasonRule } from './form-rules';
import { SmsCodeField } from './sms-code-field';
import { CURRENT_USER_KEY } from '../../shared/use-current-user';
import './account-dialogs.css';

interface ChangeMobileForm {
  password: string;
  phoneNew: string;
  smsCode: string;
}

/** The change-mobile failure that starts the dialog over. */
const RESET_CODE = '111052';

/**
 * Change mobile: step 1 the login password, a confirm popup, step 2 the new number and its SMS
 * code (the picture code is asked in the SMS field's popup). Opened from the user menu.
 */
export function ChangeMobileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const lang = i18n.language as Lang;
  const settings = useSettings();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangeMobileForm>();
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const reset = () => {
    form.resetFields();
    setStep(0);
    setResetKey((k) => k + 1);
  };
  const close = () => {
    reset();
    onClose();
  };
  // The password is typed, never pasted or copied out (the spec's dialog).
  const blockClipboard = (event: ClipboardEvent) => {
    event.preventDefault();
    message.warning(t('changeMobile.noPaste'));
  };

  const next = async () => {
    try {
      await form.validateFields(['password']);
    } catch {
      return;
    }
    modal.confirm({
      title: t('changeMobile.confirmTitle'),
      content: t('changeMobile.confirmText'),
      okText: tc('ok'),
      cancelText: tc('cancel'),
      zIndex: 10000,
      onOk: () => setStep(1),
    });
  };

  const sendCode = async ({ cc, code }: { cc: string; code: string }) => {
    await call(mobileChangeRoutes.modifyMobileSend, {
      body: { chkcode_req_id: cc, chkcode: code, mobile: String(form.getFieldValue('phoneNew') ?? '').trim() },
      quiet: true,
    });
  };

  const submit = async () => {
    try {
      await form.validateFields(['phoneNew', 'smsCode']);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ChangeMobileForm;
    setSubmitting(true);
    try {
      await call(mobileChangeRoutes.modifyMobile, {
        body: {
          password: await createPasswordTransport(settings.webEncryptType)(values.password),
          sms_code: values.smsCode.trim(),
          mobile: values.phoneNew.trim(),
        },
        quiet: true,
      });
      message.success(t('changeMobile.success'));
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      close();
    } catch (err) {
      const text = err instanceof ApiError && err.message ? err.message : tc('networkError');
      message.error(text);
      if (err instanceof ApiError && err.code === RESET_CODE) {
        reset();
      } else {
        form.setFieldValue('smsCode', '');
        form.setFields([{ name: 'smsCode', errors: [text] }]);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const footer =
    step === 0 ? (
      <Button type="primary" onClick={() => void next()}>
        {t('wizard.next')}
      </Button>
    ) : (
      <Space>
        <Button onClick={() => setStep(0)}>{t('wizard.prev')}</Button>
        <Button type="primary" loading={submitting} onClick={() => void submit()}>
          {t('changeMobile.submit')}
        </Button>
      </Space>
    );

  return (
    <Modal title={t('changeMobile.title')} open={open} onCancel={close} footer={footer} width={520} mask={{ closable: false }}>
      <Steps
        size="small"
        current={step}
        items={[{ title: t('changeMobile.step1') }, { title: t('changeMobile.step2') }]}
        className="account-steps"
      />
      <Form<ChangeMobileForm>
        form={form}
        name="change-mobile"
        layout="vertical"
        requiredMark={false}
        className="account-form"
        onFinish={() => void (step === 0 ? next() : submit())}
      >
        {step === 0 ? (
          <Form.Item
            name="password"
            label={t('changeMobile.password')}
            rules={[{ required: true, message: t('changeMobile.passwordRequired') }]}
          >
            <Input.Password
              maxLength={LIMITS.phoneDialogPasswordMax}
              placeholder={t('changeMobile.passwordPlaceholder')}
              autoComplete="current-password"
              onPaste={blockClipboard}
              onCopy={blockClipboard}
              onCut={blockClipboard}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="phoneNew"
              label={t('changeMobile.newPhone')}
              rules={[
                { required: true, whitespace: true, message: t('changeMobile.newPhoneRequired') },
                schemaReasonRule(mobileSchema, lang),
              ]}
            >
              <Input
                maxLength={LIMITS.mobileMax}
                inputMode="numeric"
                placeholder={t('changeMobile.newPhonePlaceholder')}
                autoComplete="tel"
              />
            </Form.Item>
            <SmsCodeField
              name="smsCode"
              label={t('changeMobile.smsLabel')}
              requiredMessage={t('changeMobile.smsRequired')}
              scope="change-mobile"
              resetKey={resetKey}
              beforeSend={() =>
                form.validateFields(['phoneNew']).then(
                  () => true,
                  () => false,
                )
              }
              send={sendCode}
              onFailed={() => setStep(1)}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
