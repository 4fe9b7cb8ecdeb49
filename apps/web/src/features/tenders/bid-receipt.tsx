import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { TENDER_BID_STATE_LABELS, type TenderBid } from '@portal/contracts/tender-trade';
import type { TenderDetail } from '@portal/contracts/tenders';
import { FileLinks } from '../../shared/file-list-field';
import { formatDateTime, formatPrice, formatQuantity } from '../../shared/format';
import { useLang } from '../../shared/use-lang';

/** The receipt of the supplier's bid: its digest (to compare with the opening record), version and state; after the award its outcome. */
export function Receipt({ tender, bid }: { tender: TenderDetail; bid: TenderBid }) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  return (
    <div data-testid="bid-receipt">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'state',
            label: t('bidState'),
            children: (
              <Space wrap>
                <Tag color={bid.state === 'won' ? 'success' : bid.state === 'invalid' ? 'error' : 'processing'}>
                  {enumLabel(TENDER_BID_STATE_LABELS, bid.state, lang)}
                </Tag>
                <span className="tabular">{t('bid.version', { version: bid.version })}</span>
                {bid.invalidReason ? <span className="tender-problems">{bid.invalidReason}</span> : null}
              </Space>
            ),
          },
          {
            key: 'digest',
            label: t('receipt.digest'),
            children: (
              <code className="tender-digest" data-testid="receipt-digest">
                {bid.receipt.digest}
              </code>
            ),
          },
          { key: 'time', label: t('receipt.time'), children: <span className="tabular">{formatDateTime(bid.receipt.time)}</span> },
          {
            key: 'total',
            label: t('total'),
            children: <span className="tabular">{formatPrice(bid.total, { currency: tender.currency })}</span>,
          },
          {
            key: 'lines',
            label: t('lines'),
            children: (
              <ul className="tender-bid-lines">
                {bid.lines.map((l) => {
                  const line = tender.lines.find((x) => x.lineNo === l.lineNo);
                  const awarded = bid.awarded?.find((a) => a.lineNo === l.lineNo);
                  const win = bid.winningPrices?.find((w) => w.lineNo === l.lineNo);
                  return (
                    <li key={l.lineNo} className="tabular">
                      {t('bid.lineSummary', {
                        line: `${l.lineNo}. ${line?.goodsName ?? ''}`,
                        price: formatPrice(l.unitPrice, { currency: tender.currency }),
                        quantity: formatQuantity(l.quantity, line?.unit),
                        date: l.deliveryDate,
                      })}
                      {awarded ? (
                        <Tag color="success">{t('bid.awardedLine', { quantity: formatQuantity(awarded.quantity, line?.unit) })}</Tag>
                      ) : null}
                      {win ? (
                        <span className="tender-muted">
                          {' '}
                          {t('bid.winningPrice', { price: formatPrice(win.unitPrice, { currency: tender.currency }) })}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ),
          },
          ...(bid.outcome
            ? [
                {
                  key: 'outcome',
                  label: t('outcome'),
                  children: <strong data-testid="bid-outcome">{t(bid.outcome === 'won' ? 'bid.wonText' : 'bid.lostText')}</strong>,
                },
              ]
            : []),
          ...(bid.fileIds.length ? [{ key: 'files', label: t('attachments'), children: <FileLinks fileIds={bid.fileIds} /> }] : []),
        ]}
      />
    </div>
  );
}
