import { useEffect, useState } from 'react';
import { MessageOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@portal/contracts/validation-rules';
import './sms-code-input.css';

/**
 * The wait before another SMS code may be asked for.
 * It runs towards a deadline, so a slow tab still re-enables sending on time; changing `resetKey`
 * ends it (the form was reset).
 */
export function useResendCountdown(resetKey?: unknown) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const id = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) setDeadline(null);
    }, 250);
    return () => clearInterval(id);
  }, [deadline]);
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (seenResetKey !== resetKey) {
    setSeenResetKey(resetKey);
    setDeadline(null);
  }
  return {
    secondsLeft: deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000)),
    start: (seconds: number) => {
      const at = Date.now();
      setNow(at);
      setDeadline(at + seconds * 1000);
    },
    stop: () => setDeadline(null),
  };
}

export interface SmsCodeInputProps {
  /** The SMS code's field in the surrounding form. */
  name: string;
  label: string;
  requiredMessage: string;
  /** Names the send button for the browser journeys (`sms-send-<scope>`). */
  scope: string;
  /** Seconds before another code may be sent; the button counts them down. */
  secondsLeft: number;
  sending?: boolean;
  onSend: () => void;
}

/** The SMS code's box and its "send code" button, which counts down while another send must wait. */
export function SmsCodeInput({ name, label, requiredMessage, scope, secondsLeft, sending, onSend }: SmsCodeInputProps) {
  const { t } = useTranslation('account');
  return (
    <Form.Item label={label} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input
            prefix={<MessageOutlined />}
            maxLength={LIMITS.smsCodeLength}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('sms.placeholder')}
            aria-label={label}
          />
        </Form.Item>
        <Button onClick={onSend} disabled={secondsLeft > 0} loading={sending} className="sms-send-button" data-testid={`sms-send-${scope}`}>
          {secondsLeft > 0 ? t('sms.countdown', { seconds: secondsLeft }) : t('sms.send')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
