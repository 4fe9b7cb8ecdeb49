import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency } from '@portal/contracts/constants';
import { DEPOSIT_REFERENCE_MAX, type DepositAdminRow } from '@portal/contracts/deposits';
import { depositRoutes } from '@portal/contracts/routes/deposits';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime, formatPrice } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { LedgerTable } from './deposit-ledger';
import { Money } from '../../shared/money';
import { centsOf } from '../../shared/money-input';
import { usePaging } from '../../shared/paging';
import '../../shared/user-centre.css';

type MoveKind = 'credit' | 'debit';
interface MoveForm {
  companyUserId: string;
  currency: Currency;
  amount: string;
  reference: string;
}

/** The company picker of the dialog: every account row the server finds for what is typed. */
function useCompanyOptions(keyword: string) {
  const body = { pageNo: 1, pageSize: 32, keyword: keyword || undefined };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.deposits, 'companies', body],
    queryFn: () => call(depositRoutes.adminPage, { body }),
    placeholderData: keepPreviousData,
  });
  const seen = new Map<string, string>();
  for (const r of rows.data?.items ?? []) seen.set(r.companyUserId, `${r.companyName} (${r.account})`);
  return { options: [...seen].map(([value, label]) => ({ value, label })), loading: rows.isFetching };
}

function MoveDialog({ kind, preset, onClose }: { kind: MoveKind; preset: Partial<MoveForm>; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<MoveForm>();
  const [keyword, setKeyword] = useState('');
  const companies = useCompanyOptions(keyword);
  const move = useMutation({
    mutationFn: (body: { companyUserId: string; currency: Currency; amount: number; reference: string }) =>
      kind === 'credit' ? call(depositRoutes.credit, { body, quiet: true }) : call(depositRoutes.debit, { body, quiet: true }),
    onSuccess: () => {
      message.success({ content: t(`admin.${kind}Done`), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.deposits });
      onClose();
    },
    onError: (err) => {
      const field = err instanceof ApiError ? (err.data as { field?: string } | null)?.field : undefined;
      if (field && ['companyUserId', 'currency', 'amount', 'reference'].includes(field)) {
        form.setFields([{ name: field as keyof MoveForm, errors: [err.message] }]);
      } else message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 });
    },
  });
  const submit = (values: MoveForm) => {
    const amount = centsOf(values.amount)!;
    const company = companies.options.find((o) => o.value === values.companyUserId)?.label ?? values.companyUserId;
    modal.confirm({
      title: t(`admin.${kind}ConfirmTitle`),
      content: t(`admin.${kind}ConfirmText`, {
        company,
        amount: formatPrice(amount, { currency: values.currency }),
        reference: values.reference,
      }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: () => move.mutateAsync({ ...values, amount }).catch(() => undefined),
    });
  };
  return (
    <Modal
      open
      title={t(`admin.${kind}Title`)}
      onCancel={onClose}
      okText={t(`admin.${kind}`)}
      confirmLoading={move.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<MoveForm> form={form} layout="vertical" initialValues={{ currency: 'CNY', ...preset }} onFinish={submit}>
        <Form.Item name="companyUserId" label={t('admin.company')} rules={[{ required: true, message: t('required') }]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={companies.loading}
            options={companies.options}
            placeholder={t('admin.companyHint')}
            data-testid="move-company"
          />
        </Form.Item>
        <Form.Item name="currency" label={t('deposit.currency')} rules={[{ required: true, message: t('required') }]}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('admin.amount')}
          rules={[
            { required: true, message: t('required') },
            {
              validator: (_, v: string) =>
                centsOf(v) && centsOf(v)! > 0 ? Promise.resolve() : Promise.reject(new Error(t('admin.amountRule'))),
            },
          ]}
        >
          <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('admin.reference')}
          extra={t('admin.referenceHint')}
          rules={[
            { required: true, whitespace: true, message: t('required') },
            { max: DEPOSIT_REFERENCE_MAX, message: t('tooLong', { max: DEPOSIT_REFERENCE_MAX }) },
          ]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 保证金管理 (operator): every company's accounts, their ledgers, and money recorded in and out. */
export function AdminDepositsPage() {
  const { t } = useTranslation('trade');
  const [keyword, setKeyword] = useState('');
  const [currency, setCurrency] = useState<Currency | undefined>();
  const [moving, setMoving] = useState<{ kind: MoveKind; preset: Partial<MoveForm> } | null>(null);
  const [ledgerOf, setLedgerOf] = useState<DepositAdminRow | null>(null);
  const paging = usePaging();
  const ledgerPaging = usePaging();
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, keyword: keyword || undefined, currency };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.deposits, 'admin', body],
    queryFn: () => call(depositRoutes.adminPage, { body }),
    placeholderData: keepPreviousData,
  });
  const ledgerBody = ledgerOf && {
    companyUserId: ledgerOf.companyUserId,
    currency: ledgerOf.currency as Currency,
    pageNo: ledgerPaging.pageNo,
    pageSize: ledgerPaging.pageSize,
  };
  const ledger = useQuery({
    queryKey: [...TRADE_KEYS.deposits, 'adminEntries', ledgerBody],
    queryFn: () => call(depositRoutes.adminEntries, { body: ledgerBody! }),
    enabled: Boolean(ledgerBody),
  });
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Input.Search
          allowClear
          aria-label={t('admin.keyword')}
          placeholder={t('admin.keyword')}
          style={{ maxWidth: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            paging.reset();
          }}
        />
        <Select
          allowClear
          aria-label={t('deposit.currency')}
          placeholder={t('deposit.allCurrencies')}
          style={{ minWidth: 120 }}
          value={currency}
          onChange={(v?: Currency) => {
            setCurrency(v);
            paging.reset();
          }}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        <Space className="tc-toolbar-end">
          <Button type="primary" onClick={() => setMoving({ kind: 'credit', preset: {} })}>
            {t('admin.credit')}
          </Button>
          <Button onClick={() => setMoving({ kind: 'debit', preset: {} })}>{t('admin.debit')}</Button>
        </Space>
      </div>
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<DepositAdminRow>
          rowKey={(r) => `${r.companyUserId}-${r.currency}`}
          loading={rows.isFetching}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={{ x: 900 }}
          columns={[
            { title: t('admin.company'), dataIndex: 'companyName' },
            { title: t('admin.account'), dataIndex: 'account' },
            { title: t('deposit.currency'), dataIndex: 'currency' },
            { title: t('deposit.balance'), align: 'right', render: (_, r) => <Money cents={r.balance} currency={r.currency} /> },
            { title: t('deposit.frozen'), align: 'right', render: (_, r) => <Money cents={r.frozen} currency={r.currency} /> },
            { title: t('deposit.available'), align: 'right', render: (_, r) => <Money cents={r.available} currency={r.currency} /> },
            { title: t('admin.updatedAt'), dataIndex: 'updatedAt', className: 'tc-num', render: (v: string) => formatDateTime(v) },
            {
              title: t('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, r) => {
                const preset = { companyUserId: r.companyUserId, currency: r.currency as Currency };
                return (
                  <Space size={0} wrap>
                    <Button type="link" size="small" onClick={() => setMoving({ kind: 'credit', preset })}>
                      {t('admin.credit')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setMoving({ kind: 'debit', preset })}>
                      {t('admin.debit')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => {
                        ledgerPaging.reset();
                        setLedgerOf(r);
                      }}
                    >
                      {t('deposit.ledger')}
                    </Button>
                  </Space>
                );
              },
            },
          ]}
        />
      )}
      {moving ? <MoveDialog kind={moving.kind} preset={moving.preset} onClose={() => setMoving(null)} /> : null}
      <Drawer
        open={Boolean(ledgerOf)}
        size="large"
        title={ledgerOf ? `${ledgerOf.companyName} · ${ledgerOf.currency} · ${t('deposit.ledger')}` : ''}
        onClose={() => setLedgerOf(null)}
      >
        {ledger.isError ? (
          <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />
        ) : (
          <LedgerTable rows={ledger.data?.items} loading={ledger.isFetching} pagination={ledgerPaging.pagination(ledger.data?.totalItem)} />
        )}
      </Drawer>
    </Card>
  );
}
