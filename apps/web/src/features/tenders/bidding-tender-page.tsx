import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Steps, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TENDER_PAGE_SIZE, TENDER_STATES, enumLabel, tenderRowAction } from '@portal/contracts/constants';
import type { TenderItem } from '@portal/contracts/tenders';
import { EmbeddedFrame } from '../../shared/embedded-frame';
import { formatDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { rememberLoginUrl } from '../../shared/session-storage';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { useCurrentUser } from '../../shared/use-current-user';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { checkRelation, useTenderPage } from './queries';
import './tenders.css';

const STATE_COLOURS: Record<number, string> = { 2: 'blue', 3: 'orange', 4: 'gold', 5: 'purple', 6: 'green', 7: 'default' };

/** What the hall offers on a tender's row. */
export type HallAction = 'manage' | 'signIn' | 'bid' | 'view';

/**
 * The row's action for the person looking: the tenderer manages its own tender (never bids on
 * it); while bidding is open a visitor is asked to sign in, a company on the tenderer's supplier
 * list bids, and anyone else (a company not on the list, an operator, while its relation is still
 * being asked) views it: the tender's page says why and offers to apply to the list.
 */
export function hallAction(
  row: Pick<TenderItem, 'userId' | 'objState' | 'overdueFlag'>,
  viewerId: string | null,
  onList: boolean,
): HallAction {
  if (viewerId !== null && viewerId === row.userId) return 'manage';
  if (tenderRowAction(row.objState, row.overdueFlag) === 'view') return 'view';
  if (viewerId === null) return 'signIn';
  return onList ? 'bid' : 'view';
}

/** Whether the signed-in company is on each tenderer's supplier list (one question per tenderer of the page). */
function useRelations(rows: TenderItem[], viewerId: string | null) {
  const tenderers = [
    ...new Set(rows.filter((r) => r.userId !== viewerId && tenderRowAction(r.objState, r.overdueFlag) === 'bid').map((r) => r.userId)),
  ];
  const answers = useQueries({
    queries: tenderers.map((buyerUserId) => ({
      // The tender page's bid panel asks the same question under the same key.
      queryKey: [...TRADE_KEYS.suppliers, 'relation', buyerUserId, viewerId],
      queryFn: () => checkRelation(buyerUserId, viewerId!),
      enabled: viewerId !== null,
      staleTime: 60_000,
    })),
  });
  return (buyerUserId: string) => answers[tenderers.indexOf(buyerUserId)]?.data === 'Y';
}

/** Step one: the paged tender table with the action each row offers the person looking. */
function TenderTable({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation(['trading', 'browse']);
  const navigate = useNavigate();
  const lang = useLang();
  const [page, setPage] = useState({ pageNo: 1, pageSize: TENDER_PAGE_SIZE });
  const query = useTenderPage(page);
  const user = useCurrentUser();
  const viewerId = user.data?.currUserId ?? null;
  const onList = useRelations(query.data?.items ?? [], viewerId);

  const signIn = () => {
    rememberLoginUrl('/biddingTender');
    navigate('/login');
  };
  const action = (row: TenderItem) => {
    switch (hallAction(row, viewerId, onList(row.userId))) {
      case 'manage':
        return (
          <Link to={`${PAGE_PATHS.myTenders}?id=${encodeURIComponent(row.id)}`} title={t('tender.manageHint')} data-testid="tender-manage">
            {t('tender.manage')}
          </Link>
        );
      case 'signIn':
        return (
          <Button size="small" type="primary" loading={user.isPending} onClick={signIn} data-testid="tender-sign-in">
            {t('tender.signInToBid')}
          </Button>
        );
      case 'bid':
        return (
          <Button size="small" type="primary" onClick={() => onOpen(row.id)} data-testid="tender-bid">
            {t('tender.goBid')}
          </Button>
        );
      default:
        return (
          <Button
            size="small"
            onClick={() => onOpen(row.id)}
            // While bidding is open, a signed-in company that may not bid is told why (the spec's words).
            title={viewerId !== null && tenderRowAction(row.objState, row.overdueFlag) === 'bid' ? t('messages.noRelation') : undefined}
            data-testid="tender-view"
          >
            {t('tender.view')}
          </Button>
        );
    }
  };

  const columns: ColumnsType<TenderItem> = [
    { title: t('tender.tenderNo'), dataIndex: 'tenderNo', width: 210, render: (v: string) => <span className="tabular">{v}</span> },
    { title: t('tender.tenderName'), dataIndex: 'tenderName', ellipsis: true },
    { title: t('tender.userName'), dataIndex: 'userName', width: 180, ellipsis: true },
    {
      title: t('tender.bidBeginTime'),
      dataIndex: 'bidBeginTime',
      width: 140,
      render: (v: string) => <span className="tabular">{formatDateTime(v)}</span>,
    },
    {
      title: t('tender.bidEndTime'),
      dataIndex: 'bidEndTime',
      width: 140,
      render: (v: string) => <span className="tabular">{formatDateTime(v)}</span>,
    },
    {
      title: t('tender.state'),
      dataIndex: 'objState',
      width: 120,
      render: (v: number, row) => (
        <span className="tender-state">
          <Tag color={STATE_COLOURS[v]}>{enumLabel(TENDER_STATES, v, lang)}</Tag>
          {row.overdueFlag === 'Y' && v === 2 ? <Tag>{t('tender.overdue')}</Tag> : null}
        </span>
      ),
    },
    {
      title: t('tender.action'),
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, row) => action(row),
    },
  ];

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Table<TenderItem>
      rowKey="id"
      size="middle"
      loading={query.isFetching}
      columns={columns}
      dataSource={query.data?.items ?? []}
      scroll={{ x: 1060 }}
      onRow={(row) => ({ 'data-testid': 'tender-row', 'data-state': row.objState }) as React.HTMLAttributes<HTMLElement>}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: query.data?.totalItem ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('tender.total', { count: total }),
        onChange: (pageNo, pageSize) => setPage({ pageNo: pageSize !== page.pageSize ? 1 : pageNo, pageSize }),
      }}
    />
  );
}

/**
 * /biddingTender: step one is the tender table; step two (?id=) the tender in an embedded page.
 * The step lives in the address, so a reload or the back button keeps it.
 */
export function BiddingTenderPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle(id ? t('titles.tenderDetail') : t('titles.tenderHall'));
  return (
    <div className="portal-container trade-page tender-page">
      <h1 className="trade-page-title">{t('titles.tenderHall')}</h1>
      <Steps
        className="tender-steps"
        size="small"
        current={id ? 1 : 0}
        items={[{ title: t('tender.stepList') }, { title: t('tender.stepDetail') }]}
      />
      <div className="trade-panel">
        {id ? (
          <>
            <Link to="/biddingTender" className="tender-back">
              <ArrowLeftOutlined aria-hidden /> {t('tender.back')}
            </Link>
            <EmbeddedFrame
              src={`/bidTenderManager?id=${encodeURIComponent(id)}`}
              title={t('frame.tenderTitle')}
              loadingLabel={t('frame.loading')}
            />
          </>
        ) : (
          <TenderTable onOpen={(tenderId) => setParams({ id: tenderId })} />
        )}
      </div>
    </div>
  );
}
