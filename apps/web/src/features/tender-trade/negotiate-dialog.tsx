import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { TENDER_LIMITS, type ManagedTender } from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { dateValueProps } from '../../shared/resource/fields';
import { TRADE_KEYS } from '../../shared/trade-query-keys';

/** The dialog opening the one negotiation round: a deadline and the question. */
export function NegotiateDialog({ tender, onClose }: { tender: ManagedTender; onClose: () => void }) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ deadline: string; question: string }>();
  const send = useMutation({
    mutationFn: (values: { deadline: string; question: string }) =>
      call(tenderTradeRoutes.negotiate, { body: { id: tender.id, ...values }, quiet: true }),
    onSuccess: () => {
      message.success({ content: t('negotiation.opened'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
      onClose();
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const inquiry = tender.tenderType === 'inquiry';
  return (
    <Modal
      open
      title={t(inquiry ? 'negotiation.finalQuoteTitle' : 'negotiation.clarificationTitle')}
      okText={t('negotiation.open')}
      cancelText={t('cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t(inquiry ? 'negotiation.finalQuoteHint' : 'negotiation.clarificationHint')} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ deadline: dayjs().add(1, 'day').toISOString() }}
        onFinish={(v) => send.mutate({ deadline: v.deadline, question: v.question.trim() })}
      >
        <Form.Item
          name="deadline"
          label={t('negotiation.deadline')}
          rules={[
            { required: true, message: t('required') },
            {
              validator: (_, v: string) =>
                Date.parse(v) > Date.now() ? Promise.resolve() : Promise.reject(new Error(t('negotiation.future'))),
            },
          ]}
          {...dateValueProps}
        >
          <DatePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="question" label={t('negotiation.question')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input.TextArea rows={4} showCount maxLength={TENDER_LIMITS.questionMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
