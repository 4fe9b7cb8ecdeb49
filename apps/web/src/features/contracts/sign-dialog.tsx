import { useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { SmsCodeInput, useResendCountdown } from '../../shared/sms-code-input';

interface SignDialogProps {
  contractNo: string;
  busy: boolean;
  /** Sends a fresh code to the signer's own mobile; answers the number (masked) and the wait before another. */
  sendCode: () => Promise<{ mobile: string; resendSeconds: number }>;
  onSign: (code: string) => void;
  onCancel: () => void;
}

/**
 * Signing a contract: the person asks a fresh SMS code to their own mobile and types it; the
 * signature is made by the server once the code checks out.
 */
export function SignDialog({ contractNo, busy, sendCode, onSign, onCancel }: SignDialogProps) {
  const { t } = useTranslation('contracts');
  const { t: tc } = useTranslation();
  const { message } = useFeedback();
  const [mobile, setMobile] = useState('');
  const [sending, setSending] = useState(false);
  const countdown = useResendCountdown();
  // The person is signed in and the code goes to their own mobile: no picture code first.
  const send = async () => {
    setSending(true);
    try {
      const sent = await sendCode();
      setMobile(sent.mobile);
      countdown.start(sent.resendSeconds);
    } catch (err) {
      message.error(err instanceof ApiError && err.message ? err.message : tc('networkError'));
    } finally {
      setSending(false);
    }
  };
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Modal
      open
      title={t('sign.title', { contractNo })}
      okText={t('sign.ok')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      rootClassName="cv-sign-dialog"
    >
      <Typography.Paragraph>{t('sign.text')}</Typography.Paragraph>
      {mobile ? <Typography.Paragraph type="secondary">{t('sign.mobile', { mobile })}</Typography.Paragraph> : null}
      <Form form={form} layout="vertical" name="contract-sign" onFinish={(v) => onSign(v.code.trim())}>
        <SmsCodeInput
          name="code"
          label={t('sign.code')}
          requiredMessage={t('sign.codeRequired')}
          scope="contract-sign"
          secondsLeft={countdown.secondsLeft}
          sending={sending}
          onSend={() => void send()}
        />
      </Form>
    </Modal>
  );
}
