import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface ReasonDialogProps {
  title: string;
  label: string;
  okText: string;
  /** Whether the reason may be left empty. */
  optional?: boolean;
  max: number;
  danger?: boolean;
  /** What an empty reason shows; by default the generic "please fill in". */
  requiredMessage?: string;
  busy: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}

/** A dialog asking one reason or note (reject, suspend, reinstate, refuse). */
export function ReasonDialog({ title, label, okText, optional, max, danger, requiredMessage, busy, onOk, onCancel }: ReasonDialogProps) {
  const { t } = useTranslation('trade');
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('cancel')}
      okButtonProps={{ danger }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onOk((v.reason ?? '').trim())}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: !optional, whitespace: true, message: requiredMessage ?? t('required') },
            { max, message: t('tooLong', { max }) },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={max} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
