import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { ORDER_ACTIONS, type OrderAction } from '@portal/contracts/trade-constants';
import { ORDER_LIMITS, type Order } from '@portal/contracts/orders';
import { orderRoutes } from '@portal/contracts/routes/orders';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatPrice } from '../../shared/format';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { FileListField } from '../../shared/file-list-field';
import { ORDER_ACTION_RULES, shownActions } from './order-action-rules';

interface ActionForm {
  note?: string;
  fileIds?: string[];
}

function ActionDialog({
  order,
  action,
  onClose,
}: {
  order: Pick<Order, 'orderNo' | 'amount' | 'currency' | 'depositFrozen'>;
  action: OrderAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  const lang = useLang();
  const { message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<ActionForm>();
  const [refusal, setRefusal] = useState('');
  const rule = ORDER_ACTION_RULES[action];
  const run = useMutation({
    mutationFn: (values: ActionForm) =>
      call(orderRoutes[action], {
        body: { orderNo: order.orderNo, note: values.note?.trim() ?? '', fileIds: values.fileIds ?? [] },
        quiet: true,
      }),
    onSuccess: (updated) => {
      client.setQueryData([...TRADE_KEYS.orders, 'detail', order.orderNo], updated);
      void client.invalidateQueries({ queryKey: TRADE_KEYS.orders });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.deposits });
      message.success({ content: t('orders.actionDone', { action: enumLabel(ORDER_ACTIONS, action, lang) }), duration: 3 });
      onClose();
    },
    onError: (err) => setRefusal(err instanceof ApiError && err.message ? err.message : t('failed')),
  });
  const label = enumLabel(ORDER_ACTIONS, action, lang);
  return (
    <Modal
      open
      title={`${label} · ${order.orderNo}`}
      okText={label}
      cancelText={t('cancel')}
      okButtonProps={{ danger: rule.danger }}
      confirmLoading={run.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {t(`orders.explain.${action}`, {
          amount: formatPrice(order.amount, { currency: order.currency }),
          deposit: formatPrice(order.depositFrozen, { currency: order.currency }),
        })}
      </p>
      {refusal ? <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} /> : null}
      <Form<ActionForm> form={form} layout="vertical" onFinish={(v) => run.mutate(v)}>
        {rule.filesRequired ? (
          <Form.Item
            name="fileIds"
            label={t(`orders.files.${action}`)}
            rules={[{ required: true, type: 'array', min: 1, message: t('orders.filesRequired') }]}
          >
            <FileListField label={t(`orders.files.${action}`)} max={ORDER_LIMITS.fileIdsMax} inputTestId={`order-${action}-files-file`} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="note"
          label={t(rule.noteRequired ? 'orders.reason' : 'orders.note')}
          rules={[
            { required: rule.noteRequired, whitespace: true, message: t('required') },
            { max: ORDER_LIMITS.noteMax, message: t('tooLong', { max: ORDER_LIMITS.noteMax }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={ORDER_LIMITS.noteMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The actions of an order the caller may take now (and only those), each asked for in a dialog. */
export function OrderActions({ order }: { order: Pick<Order, 'orderNo' | 'amount' | 'currency' | 'depositFrozen' | 'actions'> }) {
  const lang = useLang();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const actions = shownActions(order.actions);
  if (actions.length === 0) return null;
  return (
    <>
      <Space wrap className="tc-actions" data-testid="order-actions">
        {actions.map((action) => {
          const rule = ORDER_ACTION_RULES[action];
          return (
            <Button
              key={action}
              type={rule.primary ? 'primary' : 'default'}
              danger={rule.danger}
              onClick={() => setOpen(action)}
              data-action={action}
            >
              {enumLabel(ORDER_ACTIONS, action, lang)}
            </Button>
          );
        })}
      </Space>
      {open ? <ActionDialog order={order} action={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
