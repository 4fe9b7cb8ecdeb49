import { Alert, Descriptions, Result, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { AuctionDetail, AuctionPiece } from '@portal/contracts/auctions';
import {
  AUCTION_MODES,
  AUCTION_SIDES,
  PAYMENT_TYPES,
  SPACE_STATUSES,
  TRADE_STATUSES,
  auctionSide,
  enumLabel,
} from '@portal/contracts/constants';
import { ApiError } from '../../api/client';
import { formatDateTime, formatPrice, formatQuantity } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { useAuctionDetail } from './queries';
import './auctions.css';

function Detail({ d }: { d: AuctionDetail }) {
  const { t } = useTranslation('trading');
  const lang = useLang();
  const side = auctionSide(d.spaceAuctionMode);
  return (
    <article className="auction-detail" aria-labelledby="auction-title">
      <header className="trade-panel">
        <h1 id="auction-title" className="trade-page-title">
          {d.spaceName}
        </h1>
        <div className="trade-tags">
          <span className={side === 'buy' ? 'trade-tag trade-tag-buy' : 'trade-tag trade-tag-sell'}>
            {enumLabel(AUCTION_SIDES, side, lang)}
          </span>
          <span className="trade-tag">{enumLabel(AUCTION_MODES, d.spaceAuctionMode, lang)}</span>
          <span className={d.spaceStatus === 4 ? 'trade-tag trade-tag-live' : 'trade-tag'}>
            {enumLabel(SPACE_STATUSES, d.spaceStatus, lang)}
          </span>
        </div>
        <Alert className="auction-readonly" type="info" showIcon message={t('auction.readOnly')} />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'publisher', label: t('auction.publisher'), children: d.spaceInfoUser },
            { key: 'category', label: t('auction.category'), children: d.name },
            {
              key: 'time',
              label: t('auction.time'),
              children: `${formatDateTime(d.auctionBeginTime)} ~ ${formatDateTime(d.auctionEndTime)}`,
            },
            { key: 'step', label: t('auction.priceStep'), children: formatPrice(d.priceStep, { currency: d.currency }) },
            { key: 'deposit', label: t('auction.deposit'), children: formatPrice(d.deposit, { currency: d.currency }) },
            { key: 'place', label: t('auction.deliveryPlace'), children: d.deliveryPlace || '-' },
            { key: 'contact', label: t('auction.contact'), children: `${d.contactName} ${d.contactPhone}`.trim() || '-' },
          ]}
        />
      </header>
      <section className="trade-panel" aria-labelledby="auction-pieces">
        <h2 id="auction-pieces" className="trade-panel-title">
          {t('auction.piecesTitle')}
        </h2>
        <Table<AuctionPiece>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 720 }}
          dataSource={d.itemList}
          columns={[
            {
              title: t('auction.pieceName'),
              dataIndex: 'pieceName',
              render: (name: string, piece) => (
                <span className="auction-piece">
                  {piece.img1 ? <img src={piece.img1} alt="" width={60} height={40} loading="lazy" /> : null}
                  {name}
                </span>
              ),
            },
            { title: t('auction.tradeStatus'), dataIndex: 'tradeStatus', render: (v: number) => enumLabel(TRADE_STATUSES, v, lang) },
            {
              title: t('auction.basePrice'),
              dataIndex: 'basePrice',
              align: 'right',
              render: (v: number | null, piece) => (
                <span className="tabular" data-testid="piece-price">
                  {formatPrice(v, { currency: piece.currency, hidden: piece.openBasePrice !== 1 })}
                </span>
              ),
            },
            {
              title: t('auction.totalWeight'),
              dataIndex: 'totalWeight',
              align: 'right',
              render: (v: number, piece) => <span className="tabular">{formatQuantity(v, piece.statUnit)}</span>,
            },
            { title: t('auction.payment'), dataIndex: 'paymentType', render: (v: number) => enumLabel(PAYMENT_TYPES, v, lang) },
          ]}
        />
      </section>
      <section className="trade-panel" aria-labelledby="auction-description">
        <h2 id="auction-description" className="trade-panel-title">
          {t('auction.description')}
        </h2>
        <p className="trade-text">{d.description}</p>
      </section>
    </article>
  );
}

/** /auctionBuyerDetail?openType&spaceId: one auction space, read-only (bidding is a later issue). */
export function AuctionDetailPage() {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  const spaceId = params.get('spaceId');
  const query = useAuctionDetail(spaceId);
  useDocumentTitle(query.data?.spaceName ?? t('titles.auctionDetail'));
  const back = (
    <Link to="/auctionCenter" className="trade-link-button">
      {t('auction.back')}
    </Link>
  );
  let content;
  if (!spaceId || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))) {
    content = <Result status="404" title={t('auction.notFound')} extra={back} />;
  } else if (query.isPending) {
    content = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (query.isError) {
    content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    content = <Detail d={query.data} />;
  }
  return <div className="portal-container trade-page">{content}</div>;
}
