import { useQuery } from '@tanstack/react-query';
import { Alert, Result, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuctionResult } from '@portal/contracts/auction-trade';
import { SPACE_STATUSES, enumLabel } from '@portal/contracts/constants';
import { AUCTION_MODES, TRADE_STATUSES } from '@portal/contracts/trade-constants';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { ApiError, call } from '../../../api/client';
import { formatPrice, formatQuantity } from '../../../shared/format';
import { LoadError } from '../../../shared/query-state';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useLang } from '../../../shared/use-lang';
import { useAliasLabel } from '../../../shared/auction-alias';
import { ScrollRegion } from '../../../shared/scroll-region';
import { timeOf } from './time-of';
import './room.css';

type ResultPiece = AuctionResult['itemList'][number];
type ResultBid = AuctionResult['bids'][number];

function Outcomes({ result }: { result: AuctionResult }) {
  const { t } = useTranslation('auction');
  const aliasLabel = useAliasLabel();
  const lang = useLang();
  const money = (v: number | null) => formatPrice(v, { currency: result.currency });
  const hasReserve = result.itemList.some((p) => p.reservePrice !== null);
  return (
    <ScrollRegion label={t('result.outcomes')} minWidth={860}>
      <Table<ResultPiece>
        size="small"
        rowKey="pieceId"
        pagination={false}
        dataSource={result.itemList}
        data-testid="result-outcomes"
        columns={[
          { title: t('result.piece'), dataIndex: 'pieceName' },
          {
            title: t('result.outcome'),
            render: (_, p) => (
              <Tag
                color={p.tradeStatus === 1 || p.tradeStatus === 3 ? 'success' : p.tradeStatus === 4 ? 'warning' : 'default'}
                data-testid="result-outcome"
              >
                {enumLabel(TRADE_STATUSES, p.tradeStatus, lang)}
              </Tag>
            ),
          },
          { title: t('result.basePrice'), align: 'right', render: (_, p) => <span className="tabular">{money(p.basePrice)}</span> },
          ...(hasReserve
            ? [
                {
                  title: t('result.reservePrice'),
                  align: 'right' as const,
                  render: (_: unknown, p: ResultPiece) => <span className="tabular">{money(p.reservePrice)}</span>,
                },
              ]
            : []),
          {
            title: t('result.dealPrice'),
            align: 'right',
            render: (_, p) => (
              <span className="tabular" data-testid="result-deal-price">
                {money(p.dealPrice)}
              </span>
            ),
          },
          {
            title: t('result.dealQuantity'),
            align: 'right',
            render: (_, p) => <span className="tabular">{p.dealQuantity === null ? '-' : formatQuantity(p.dealQuantity, p.statUnit)}</span>,
          },
          {
            title: t('result.winners'),
            render: (_, p) =>
              p.winners.length === 0 ? (
                '-'
              ) : (
                <ul className="room-winners" data-testid="result-winners">
                  {p.winners.map((w) => (
                    <li key={w.seq}>
                      {aliasLabel(w.alias)}
                      {w.companyName ? ` · ${w.companyName}` : ''} · <span className="tabular">{money(w.price)}</span>
                      {result.spaceAuctionMode === 6 ? <span className="tabular"> × {formatQuantity(w.quantity, p.statUnit)}</span> : null}
                      <span className="room-muted"> #{w.seq}</span>
                    </li>
                  ))}
                </ul>
              ),
          },
          { title: t('result.endTime'), className: 'tabular', render: (_, p) => timeOf(p.endTime) },
        ]}
      />
    </ScrollRegion>
  );
}

function FullHistory({ result }: { result: AuctionResult }) {
  const { t } = useTranslation('auction');
  const aliasLabel = useAliasLabel();
  const pieceName = (id: string) => result.itemList.find((p) => p.pieceId === id)?.pieceName ?? id;
  const unit = (id: string) => result.itemList.find((p) => p.pieceId === id)?.statUnit ?? '';
  const showCompany = result.bids.some((b) => b.companyName && !b.mine);
  return (
    <ScrollRegion label={t('result.history', { count: result.bids.length })} minWidth={960}>
      <Table<ResultBid>
        size="small"
        rowKey="seq"
        dataSource={result.bids}
        pagination={result.bids.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: t('room.noBids') }}
        rowClassName={(b) => (b.mine ? 'room-bid-mine' : '')}
        data-testid="result-history"
        columns={[
          { title: t('history.seq'), dataIndex: 'seq', className: 'tabular', width: 70 },
          ...(result.itemList.length > 1 ? [{ title: t('result.piece'), render: (_: unknown, b: ResultBid) => pieceName(b.pieceId) }] : []),
          { title: t('history.bidder'), render: (_, b) => `${aliasLabel(b.alias)}${b.mine ? ` (${t('history.me')})` : ''}` },
          ...(showCompany ? [{ title: t('history.company'), dataIndex: 'companyName' }] : []),
          {
            title: t('history.price'),
            align: 'right',
            render: (_, b) => <span className="tabular">{formatPrice(b.price, { currency: result.currency })}</span>,
          },
          ...(result.spaceAuctionMode === 6
            ? [
                {
                  title: t('history.quantity'),
                  align: 'right' as const,
                  render: (_: unknown, b: ResultBid) => <span className="tabular">{formatQuantity(b.quantity, unit(b.pieceId))}</span>,
                },
              ]
            : []),
          { title: t('history.time'), className: 'tabular', render: (_, b) => timeOf(b.time) },
          { title: t('history.state'), render: (_, b) => t(`history.states.${b.state}`) },
          {
            title: t('result.linkDigest'),
            render: (_, b) => (
              <Typography.Text code className="room-digest-short" title={b.digest}>
                {b.digest.slice(0, 12)}…
              </Typography.Text>
            ),
          },
        ]}
      />
    </ScrollRegion>
  );
}

/**
 * openType 3: the result of a closed space: per piece the outcome and the winning bid(s), every
 * bid in the server's order, and the audit chain's last digest, which anyone holding the bids can
 * recompute.
 */
export function ResultView({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const query = useQuery({
    queryKey: ['trading', 'auctionResult', spaceId],
    queryFn: ({ signal }) => call(auctionTradeRoutes.result, { body: { spaceId }, signal, quiet: true }),
    retry: false,
  });
  useDocumentTitle(query.data ? t('result.titleOf', { space: query.data.spaceName }) : t('result.title'));
  const roomLink = (
    <Link to={`/auctionBuyerDetail?openType=2&spaceId=${encodeURIComponent(spaceId)}`} className="trade-link-button">
      {t('result.toRoom')}
    </Link>
  );
  if (query.error instanceof ApiError && query.error.status === 404) return <Result status="404" title={t('room.notFound')} />;
  if (query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500) {
    return <Result status="info" title={t('result.notClosed')} subTitle={query.error.message} extra={roomLink} />;
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  const result = query.data;
  return (
    <article className="auction-room" aria-labelledby="result-title" data-testid="auction-result">
      <header className="trade-panel">
        <h1 id="result-title" className="trade-page-title">
          {t('result.titleOf', { space: result.spaceName })}
        </h1>
        <div className="trade-tags">
          <span className="trade-tag">{enumLabel(AUCTION_MODES, result.spaceAuctionMode, lang)}</span>
          <span className="trade-tag" data-testid="result-status">
            {enumLabel(SPACE_STATUSES, result.spaceStatus, lang)}
          </span>
        </div>
      </header>
      <section className="trade-panel" aria-labelledby="result-outcomes">
        <h2 id="result-outcomes" className="trade-panel-title">
          {t('result.outcomes')}
        </h2>
        <Outcomes result={result} />
      </section>
      <section className="trade-panel" aria-labelledby="result-history">
        <h2 id="result-history" className="trade-panel-title">
          {t('result.history', { count: result.bids.length })}
        </h2>
        <FullHistory result={result} />
      </section>
      <section className="trade-panel" aria-labelledby="result-digest">
        <h2 id="result-digest" className="trade-panel-title">
          {t('result.digest')}
        </h2>
        <Alert type="info" showIcon title={t('result.digestExplain')} />
        <Typography.Paragraph copyable code className="room-digest" data-testid="result-digest">
          {result.digest}
        </Typography.Paragraph>
      </section>
    </article>
  );
}
