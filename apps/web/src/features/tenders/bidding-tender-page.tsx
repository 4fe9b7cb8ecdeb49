import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Steps, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TENDER_PAGE_SIZE, TENDER_STATES, enumLabel, tenderRowAction } from '@portal/contracts/constants';
import type { TenderItem } from '@portal/contracts/tenders';
import { EmbeddedFrame } from '../../shared/embedded-frame';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { rememberLoginUrl } from '../../shared/session-storage';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { useCurrentUser } from '../../shared/use-current-user';
import { checkRelation, useTenderPage } from './queries';
import './tenders.css';

const STATE_COLOURS: Record<number, string> = { 2: 'blue', 3: 'orange', 4: 'gold', 5: 'purple', 6: 'green', 7: 'default' };

/** Step one: the paged tender table with "view" or "go bid" on each row. */
function TenderTable({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation(['trading', 'browse']);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const lang = useLang();
  const [page, setPage] = useState({ pageNo: 1, pageSize: TENDER_PAGE_SIZE });
  const [checking, setChecking] = useState<string | null>(null);
  const query = useTenderPage(page);
  const user = useCurrentUser();

  // "go bid": a visitor signs in first; a signed-in supplier needs the tenderer's supply relationship.
  const goBid = async (row: TenderItem) => {
    const me = user.data ?? (await user.refetch()).data;
    if (!me) {
      rememberLoginUrl('/biddingTender');
      navigate('/login');
      return;
    }
    setChecking(row.id);
    try {
      const flag = await checkRelation(row.userId, me.userId);
      if (flag === 'Y') onOpen(row.id);
      else {
        // The refusal offers the way onto the list: the tender's page, where the supplier can apply.
        message.warning({
          content: (
            <span>
              <span>{t('messages.noRelation')}</span>
              <Button type="link" size="small" onClick={() => onOpen(row.id)} data-testid="tender-apply-link">
                {t('tender.applyFromRefusal')}
              </Button>
            </span>
          ),
          duration: 6,
        });
      }
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : t('messages.networkFailed'));
    } finally {
      setChecking(null);
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
      width: 100,
      fixed: 'right',
      render: (_, row) =>
        tenderRowAction(row.objState, row.overdueFlag) === 'view' ? (
          <Button size="small" onClick={() => onOpen(row.id)} data-testid="tender-view">
            {t('tender.view')}
          </Button>
        ) : (
          <Button size="small" type="primary" loading={checking === row.id} onClick={() => void goBid(row)} data-testid="tender-bid">
            {t('tender.goBid')}
          </Button>
        ),
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
