import { useState } from 'react';
import { Alert, Button, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractDrawer } from './contract-drawer';
import { ContractStateTag, PartyList } from './contract-parts';
import { isPreparing, useOrderContract } from './queries';
import './contracts.css';

/**
 * The contract part of a party's order detail: where the order's contract stands, who has signed,
 * and the way to read and sign it (the contract opens over the order).
 */
export function OrderContract({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('contracts');
  const contract = useOrderContract(orderNo);
  const [open, setOpen] = useState(false);
  // A reader without the contract permission, or a failure, leaves the order detail as it was.
  if (contract.isError) return null;
  const data = contract.data;
  const mustSign = Boolean(data?.actions.includes('sign'));
  return (
    <section className="cv-order-contract" aria-labelledby={`order-contract-${orderNo}`} data-testid="order-contract">
      <Typography.Title level={5} id={`order-contract-${orderNo}`} style={{ marginTop: 0 }}>
        {t('order.title')}
      </Typography.Title>
      {contract.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : !data ? (
        <Typography.Text type="secondary">{t('order.none')}</Typography.Text>
      ) : (
        <Space orientation="vertical" size="small" style={{ width: '100%' }}>
          <Space wrap>
            <span className="tc-num">{data.contractNo}</span>
            <ContractStateTag state={data.state} />
          </Space>
          {mustSign ? <Alert type="warning" showIcon title={t('order.mustSign')} /> : null}
          {isPreparing(data) ? <Alert type="info" showIcon title={t('detail.preparing')} /> : null}
          <PartyList parties={data.parties} />
          <Button type={mustSign ? 'primary' : 'default'} onClick={() => setOpen(true)} data-testid="order-contract-open">
            {mustSign ? t('sign.open') : t('order.open')}
          </Button>
          <ContractDrawer contractNo={open ? data.contractNo : null} reader="party" onClose={() => setOpen(false)} />
        </Space>
      )}
    </section>
  );
}
