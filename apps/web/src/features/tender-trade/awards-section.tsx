import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { formatQuantity } from '../../shared/format';
import { Money } from '../../shared/money';
import { lineLabel } from './tender-state';

/** The orders the award made, one per line and supplier. */
export function AwardsSection({ tender }: { tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  return (
    <section className="tt-section" aria-labelledby="tt-awards-title" data-testid="awards">
      <h3 id="tt-awards-title">{t('award.result')}</h3>
      <Table
        rowKey={(a) => `${a.lineNo}-${a.bidId}`}
        size="small"
        pagination={false}
        dataSource={tender.awards}
        scroll={{ x: 760 }}
        columns={[
          { title: t('line'), render: (_, a) => lineLabel(tender.lines, a.lineNo) },
          { title: t('supplier'), dataIndex: 'supplierName' },
          {
            title: t('quantity'),
            align: 'right',
            render: (_, a) => (
              <span className="tabular">{formatQuantity(a.quantity, tender.lines.find((l) => l.lineNo === a.lineNo)?.unit)}</span>
            ),
          },
          { title: t('unitPrice'), align: 'right', render: (_, a) => <Money cents={a.unitPrice} currency={tender.currency} /> },
          {
            title: t('orderNo'),
            render: (_, a) => (
              <Link
                className="tabular"
                to={`${PAGE_PATHS.purchaseOrders}?orderNo=${encodeURIComponent(a.orderNo)}`}
                data-testid="award-order"
              >
                {a.orderNo}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
