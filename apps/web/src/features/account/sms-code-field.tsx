import { useState } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contracts/validation-rules';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { useSettings } from '../../shared/settings';
import { SmsCodeInput, useResendCountdown } from '../../shared/sms-code-input';
import { CheckCodeImage, useCheckCode } from './check-code-image';

/** Refusals after which the popup closes and sending is enabled again. */
export const SEND_REFUSED_CODES = ['111051', '111003', '111004'] as const;
const WRONG_PICTURE_CODE = '111000';

export interface SmsCodeFieldProps {
  /** The SMS code's field in the surrounding form. */
  name: string;
  label: string;
  requiredMessage: string;
  /** A name for this field's picture codes, unique on the page. */
  scope: string;
  /** Checks what sending needs (the mobile field); false keeps the popup closed. */
  beforeSend?: () => Promise<boolean>;
  /** Sends the code once the person typed the picture code. */
  send: (picture: { cc: string; code: string }) => Promise<void>;
  /** 111051 / 111003 / 111004: the popup closed and sending is enabled again. */
  onRefused?: (error: ApiError) => void;
  /** Any other failure: the popup closed. */
  onFailed?: (error: unknown) => void;
  /** Changing it ends a running countdown (the form was reset). */
  resetKey?: unknown;
}

/**
 * The one SMS-code field of login, registration, password reset and mobile change: the picture-code
 * popup opens first; once the code is sent, the button counts down (60 s by default) before it can
 * send again.
 */
export function SmsCodeField(props: SmsCodeFieldProps) {
  const { name, label, requiredMessage, scope } = props;
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { message } = useFeedback();
  const [popupOpen, setPopupOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const settings = useSettings();
  const countdown = useResendCountdown(props.resetKey);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [pictureForm] = Form.useForm<{ code: string }>();
  const picture = useCheckCode(`sms-${scope}`, { enabled: popupOpen });

  const startCountdown = () => countdown.start(settings.smsResendSeconds);
  const stopCountdown = () => countdown.stop();

  const openPopup = async () => {
    if (props.beforeSend && !(await props.beforeSend())) return;
    pictureForm.resetFields();
    setPictureError(null);
    setPopupOpen(true);
    void picture.refresh();
  };

  const closePopup = () => {
    setPopupOpen(false);
    setPictureError(null);
  };

  const confirmSend = async () => {
    let code: string;
    try {
      code = (await pictureForm.validateFields()).code.trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      await props.send({ cc: picture.cc, code });
      closePopup();
      startCountdown();
      message.success(t('sms.sent'));
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const text = apiError?.message || tc('networkError');
      if (apiError?.code === WRONG_PICTURE_CODE) {
        pictureForm.setFieldValue('code', '');
        setPictureError(text);
        void picture.refresh();
      } else if (apiError && (SEND_REFUSED_CODES as readonly string[]).includes(apiError.code)) {
        closePopup();
        stopCountdown();
        message.error(text);
        props.onRefused?.(apiError);
      } else {
        closePopup();
        message.error(text);
        props.onFailed?.(err);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <SmsCodeInput
        name={name}
        label={label}
        requiredMessage={requiredMessage}
        scope={scope}
        secondsLeft={countdown.secondsLeft}
        onSend={() => void openPopup()}
      />
      <Modal
        title={t('sms.popupTitle')}
        open={popupOpen}
        onCancel={closePopup}
        onOk={() => void confirmSend()}
        okText={t('sms.confirmSend')}
        confirmLoading={sending}
        width={400}
        destroyOnHidden
        centered
        zIndex={10000}
      >
        <Typography.Paragraph type="secondary">{t('sms.popupText')}</Typography.Paragraph>
        <Form form={pictureForm} name={`sms-${scope}`} layout="vertical" requiredMark={false} onFinish={() => void confirmSend()}>
          <Form.Item
            label={t('sms.picture')}
            required
            validateStatus={pictureError ? 'error' : undefined}
            help={pictureError ?? undefined}
            style={{ marginBottom: 0 }}
          >
            <Space.Compact block>
              <Form.Item
                name="code"
                noStyle
                rules={[
                  { required: true, whitespace: true, message: t('sms.pictureRequired') },
                  { len: LIMITS.pictureCodeLength, message: t('sms.pictureLength') },
                ]}
              >
                <Input
                  prefix={<SafetyOutlined />}
                  maxLength={LIMITS.pictureCodeLength}
                  placeholder={t('sms.picturePlaceholder')}
                  aria-label={t('sms.picture')}
                  autoComplete="off"
                  autoFocus
                  onChange={() => setPictureError(null)}
                />
              </Form.Item>
              <CheckCodeImage img={picture.img} failed={picture.failed} onRefresh={() => void picture.refresh()} />
            </Space.Compact>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
