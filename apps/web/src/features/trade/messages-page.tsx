import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Checkbox, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Message } from '@portal/contracts/messages';
import { messageRoutes } from '@portal/contracts/routes/messages';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { useLiveStatus } from '../../shared/live-updates';
import { messageHref } from '../../shared/message-link';
import { LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { usePaging } from '../../shared/paging';
import '../../shared/user-centre.css';

/** 消息中心: the user's messages, newest first; unread ones marked; a click opens what it is about. */
export function MessagesPage() {
  const { t } = useTranslation('trade');
  const navigate = useNavigate();
  const client = useQueryClient();
  const live = useLiveStatus();
  const { message } = useFeedback();
  const [selected, setSelected] = useState<string[]>([]);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const paging = usePaging(16);
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, read: onlyUnread ? false : undefined };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.messages, 'page', body],
    queryFn: () => call(messageRoutes.page, { body }),
    placeholderData: keepPreviousData,
  });
  const read = useMutation({
    mutationFn: (ids: string[]) => call(messageRoutes.read, { body: { ids }, quiet: true }),
    onSuccess: () => setSelected([]),
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
    onSettled: () => client.invalidateQueries({ queryKey: TRADE_KEYS.messages }),
  });
  const open = (m: Message) => {
    if (!m.read) read.mutate([m.id]);
    navigate(messageHref(m.link));
  };
  return (
    <Card className="tc-page">
      {live.status === 'reconnecting' ? <Alert type="warning" showIcon title={t('messages.reconnecting')} /> : null}
      <div className="tc-toolbar">
        <Button disabled={selected.length === 0} loading={read.isPending} onClick={() => read.mutate(selected)}>
          {t('messages.markSelected')}
        </Button>
        <Checkbox
          checked={onlyUnread}
          onChange={(e) => {
            setOnlyUnread(e.target.checked);
            paging.reset();
          }}
        >
          {t('messages.onlyUnread')}
        </Checkbox>
      </div>
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<Message>
          rowKey="id"
          loading={rows.isFetching && !rows.data}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (m) => ({ disabled: m.read, 'aria-label': m.title }),
          }}
          rowClassName={(m) => (m.read ? '' : 'tc-unread')}
          // Scrolled sideways by its own box (trade.css), not antd's scroll.x: that adds a hidden
          // measuring row holding a second "select all" box, which keyboard users would land in.
          className="tc-wide-table"
          locale={{ emptyText: t('messages.empty') }}
          data-testid="messages-table"
          columns={[
            {
              title: t('messages.status'),
              width: 90,
              render: (_, m) =>
                m.read ? <Badge status="default" text={t('messages.read')} /> : <Badge status="processing" text={t('messages.unread')} />,
            },
            {
              title: t('messages.title'),
              render: (_, m) => (
                <Button type="link" size="small" onClick={() => open(m)} className={m.read ? '' : 'tc-unread'}>
                  {m.title}
                </Button>
              ),
            },
            { title: t('messages.text'), dataIndex: 'text' },
            { title: t('messages.time'), dataIndex: 'time', className: 'tc-num', width: 160, render: (v: string) => formatDateTime(v) },
            {
              title: t('actions'),
              key: 'actions',
              width: 120,
              render: (_, m) =>
                m.read ? null : (
                  <Button type="link" size="small" onClick={() => read.mutate([m.id])}>
                    {t('messages.markRead')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
